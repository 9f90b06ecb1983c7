"""The army-list upload (issue 30): an attacker writes the whole file. Every list the upload
accepts stays within the bounds the campaign document has (`app.play.rosters.formats.limits`, one
set for both): one past them is refused with a 422 naming where, and nothing is stored; one
accepted exports, and imports back to the same state (a property over random lists)."""

import json
import string
from typing import Any

import pytest
from httpx import AsyncClient
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from app.play.rosters.formats.limits import MAX_ENTRY_MODELS, MAX_MODELS, MAX_NAME_CHARS, MAX_POINTS
from tests.factories.flows import (
    AuthUser,
    Game,
    GamePlayer,
    MakeUser,
    export_campaign,
    my_army,
    start_game,
)
from tests.factories.rosters import roster_url, upload
from tests.helpers import assert_problem

Upload = tuple[str, str]  # (content, format)
RosterGame = tuple[Game, GamePlayer, int, AuthUser, tuple[AuthUser, AuthUser]]


def owb(units: list[tuple[str, int, int]], name: str = "Host", army: str = "Empire") -> Upload:
    """An Old World Builder list: (name, points per model, strength) a unit."""
    core = [{"name_en": n, "points": p, "strength": s} for n, p, s in units]
    document = {"name": name, "game": "the-old-world", "army": army, "core": core}
    return json.dumps(document), "owb"


def ros(units: list[tuple[str, int, list[int]]]) -> Upload:
    """A bare `.ros`: (name, points, the number of each model entry) a unit."""
    selections = "".join(
        f'<selection name="{n}" number="1" type="unit">'
        f'<costs><cost name="pts" value="{p}"/></costs><selections>'
        + "".join(f'<selection name="m" number="{k}" type="model"/>' for k in models)
        + "</selections></selection>"
        for n, p, models in units
    )
    xml = (
        '<?xml version="1.0" encoding="UTF-8"?><roster name="Hold" gameSystemName="TOW">'
        f'<forces><force catalogueName="Dwarfs"><selections>{selections}'
        "</selections></force></forces></roster>"
    )
    return xml, "rosz"


def text(units: list[tuple[str, int, int]], name: str = "Patrol") -> Upload:
    """A plain-text list: (name, models, points) a unit."""
    lines = [f"Name: {name}", "Faction: Empire"]
    lines += [f"{count}x {n} - {points} pts" for n, count, points in units]
    return "\n".join(lines), "text"


async def _army(client: AsyncClient, make_user: MakeUser) -> tuple[Game, GamePlayer, int]:
    game = await start_game(client, make_user, owner_plays=False)
    p1 = game.players[0]
    return game, p1, int((await my_army(client, game, p1))["id"])


async def _put(client: AsyncClient, game: Game, who: GamePlayer, army: int, file: Upload) -> Any:
    content, fmt = file
    return await upload(client, game, who, army, content, format=fmt)


@pytest.mark.parametrize(
    "file",
    [
        # The two: 10,000 models of 1,000 points; 200 entries of 10,000 models.
        owb([("Horde", 1_000, MAX_ENTRY_MODELS)]),
        ros([("Throng", 10, [MAX_ENTRY_MODELS] * 200)]),
        # A unit's points past the bound by its options' sum, the list's by its units'.
        owb([("Big", MAX_POINTS, 2)]),
        text([(f"Unit {c}", 1, MAX_POINTS) for c in "ab"]),
    ],
    ids=["owb-strength-times-points", "rosz-models", "owb-unit-points", "text-list-points"],
)
async def test_a_list_past_the_documents_bounds_is_refused_and_the_export_still_works(
    client: AsyncClient, make_user: MakeUser, file: Upload
) -> None:
    game, p1, army = await _army(client, make_user)

    r = await _put(client, game, p1, army, file)

    problem = assert_problem(r, 422, "roster_unreadable")
    assert problem["where"].startswith(("units", "total_points"))
    absent = await client.get(roster_url(game, army), headers=p1.headers)
    assert absent.status_code == 404  # nothing stored
    await export_campaign(client, game.id, game.owner)


@pytest.mark.parametrize(
    "file",
    [
        owb([("Horde", MAX_POINTS // MAX_ENTRY_MODELS, MAX_ENTRY_MODELS)]),
        ros([("Throng", MAX_POINTS, [MAX_ENTRY_MODELS] * (MAX_MODELS // MAX_ENTRY_MODELS))]),
        owb([("N" * (MAX_NAME_CHARS + 100), MAX_POINTS, 1)], name="L" * 500, army="A" * 500),
    ],
    ids=["owb-points", "rosz-models", "owb-names"],
)
async def test_a_list_at_the_bounds_is_accepted_exports_and_imports_back(
    client: AsyncClient, make_user: MakeUser, file: Upload
) -> None:
    game, p1, army = await _army(client, make_user)
    importer, holders = await make_user(), (await make_user(), await make_user())

    assert await _check_round_trip(client, game, p1, army, file, importer, holders)


async def _check_round_trip(
    client: AsyncClient,
    game: Game,
    p1: GamePlayer,
    army: int,
    file: Upload,
    importer: AuthUser,
    holders: tuple[AuthUser, AuthUser],
) -> bool:
    """The promise: a list the upload accepts exports, and imports back to the same state
    (False: the upload refused it, with a 422)."""
    r = await _put(client, game, p1, army, file)
    if r.status_code != 200:
        assert_problem(r, 422, "roster_unreadable")
        return False
    document = await export_campaign(client, game.id, game.owner)
    seats = {str(n): user.username for n, user in enumerate(holders, start=1)}
    imported = await client.post(
        "/v1/campaigns/import",
        json={"document": document, "seats": seats},
        headers=importer.headers,
    )
    assert imported.status_code == 201, imported.text
    copy = imported.json()["id"]
    assert await export_campaign(client, copy, importer) == document
    # As the game master (the owner who does not play) reads them, on both.
    mine = await client.get(roster_url(game, army), headers=game.owner.headers)
    theirs = await client.get(
        f"/v1/campaigns/{copy}/armies/{army}/roster", headers=importer.headers
    )
    assert theirs.json() == mine.json()
    return True


_NAMES = st.text(string.ascii_letters + " ", min_size=1, max_size=40).map(str.strip).filter(bool)
_POINTS = st.one_of(st.integers(0, 500), st.integers(0, MAX_POINTS), st.just(MAX_POINTS))
_MODELS = st.one_of(st.integers(1, 30), st.integers(1, MAX_ENTRY_MODELS), st.just(MAX_ENTRY_MODELS))
_FILES = st.one_of(
    st.lists(st.tuples(_NAMES, _POINTS, _MODELS), min_size=1, max_size=4).map(owb),
    st.lists(
        st.tuples(_NAMES, _POINTS, st.lists(_MODELS, min_size=0, max_size=3)),
        min_size=1,
        max_size=4,
    ).map(ros),
    st.lists(st.tuples(_NAMES, st.integers(1, 99_999), _POINTS), min_size=1, max_size=4).map(text),
)


@pytest.fixture
async def roster_game(client: AsyncClient, make_user: MakeUser) -> RosterGame:
    """One campaign for all the examples (each uploads again), who imports the copies and who
    is offered their seats."""
    game, p1, army = await _army(client, make_user)
    return game, p1, army, await make_user(), (await make_user(), await make_user())


@settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(file=_FILES)
@example(file=owb([("Horde", 1_000, MAX_ENTRY_MODELS)]))
@example(file=ros([("Throng", 10, [MAX_ENTRY_MODELS] * 200)]))
async def test_everything_the_upload_accepts_exports_and_imports_back_the_same(
    client: AsyncClient,
    roster_game: RosterGame,
    file: Upload,
) -> None:
    game, p1, army, importer, holders = roster_game
    accepted = await _check_round_trip(client, game, p1, army, file, importer, holders)
    event("accepted" if accepted else "refused")
