"""The weekly turn schedule (R-TURN-9) as an attacker writes it, on creation and in the owner's
lobby update: a weekday 0–6 or its English name, a local `HH:MM`, a real IANA zone, a bounded
number of entries and minimum, never with `turn_deadline_hours` too. Anything else is a 422
naming the field that stores nothing (never a 500, never a file read off the zone path)."""

from copy import deepcopy
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import Campaign
from tests.factories.flows import (
    MakeUser,
    builtin_map_id,
    create_lobby,
    export_campaign,
    lobby_body,
    start_game,
)
from tests.helpers import assert_problem

CLUB = {
    "entries": [{"weekday": "Tuesday", "time": "20:00"}, {"weekday": "fri", "time": "20:00"}],
    "time_zone": "Europe/Paris",
}


def schedule(**changes: Any) -> dict[str, Any]:
    return {**CLUB, **changes}


def entry(weekday: Any = 1, time: Any = "20:00") -> dict[str, Any]:
    return {"weekday": weekday, "time": time}


BAD: list[tuple[dict[str, Any], str]] = [
    (schedule(entries=[entry(7)]), "turn_schedule.entries.0.weekday"),
    (schedule(entries=[entry(-1)]), "turn_schedule.entries.0.weekday"),
    (schedule(entries=[entry("Funday")]), "turn_schedule.entries.0.weekday"),
    (schedule(entries=[entry("mardi")]), "turn_schedule.entries.0.weekday"),
    (schedule(entries=[entry(True)]), "turn_schedule.entries.0.weekday"),
    (schedule(entries=[entry(None)]), "turn_schedule.entries.0.weekday"),
    (schedule(entries=[entry(time="24:00")]), "turn_schedule.entries.0.time"),
    (schedule(entries=[entry(time="8:00")]), "turn_schedule.entries.0.time"),
    (schedule(entries=[entry(time="20:00:00")]), "turn_schedule.entries.0.time"),
    (schedule(entries=[entry(time="20:00+02:00")]), "turn_schedule.entries.0.time"),
    (schedule(entries=[entry(time=2000)]), "turn_schedule.entries.0.time"),
    (schedule(entries=[]), "turn_schedule.entries"),
    (
        schedule(entries=[entry(d % 7, f"{h:02}:00") for d in range(3) for h in range(5)]),
        "turn_schedule.entries",
    ),
    (schedule(time_zone="Mars/Olympus"), "turn_schedule.time_zone"),
    (schedule(time_zone="../../../etc/passwd"), "turn_schedule.time_zone"),
    (schedule(time_zone="/etc/localtime"), "turn_schedule.time_zone"),
    (schedule(time_zone="Europe/Paris\u0000"), "turn_schedule.time_zone"),
    (schedule(time_zone="+02:00"), "turn_schedule.time_zone"),
    (schedule(time_zone="Europe/Paris\n"), "turn_schedule.time_zone"),
    # Files of the host's zoneinfo that are no IANA name: the host's own zone (another host
    # would run the campaign on its clock, or refuse its export), POSIX rules, and zones that
    # count leap seconds (every turn change 27 s off).
    (schedule(time_zone="localtime"), "turn_schedule.time_zone"),
    (schedule(time_zone="posixrules"), "turn_schedule.time_zone"),
    (schedule(time_zone="right/Europe/Paris"), "turn_schedule.time_zone"),
    (schedule(time_zone="posix/Europe/Paris"), "turn_schedule.time_zone"),
    (schedule(time_zone="E" * 65), "turn_schedule.time_zone"),
    (schedule(min_turn_hours=-1), "turn_schedule.min_turn_hours"),
    (schedule(min_turn_hours=24 * 14 + 1), "turn_schedule.min_turn_hours"),
    (schedule(extra=1), "turn_schedule.extra"),
    (schedule(entries=[entry()] * 10_000), "turn_schedule.entries"),
]


@pytest.mark.parametrize(("bad", "field"), BAD)
async def test_R_TURN_9_a_malformed_schedule_is_refused_on_creation_storing_nothing(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, bad: dict[str, Any], field: str
) -> None:
    owner = await make_user()
    before = await session.scalar(select(func.count()).select_from(Campaign))
    body = lobby_body(
        await builtin_map_id(client, owner.headers, "skirmish"), {"turn_schedule": bad}, None
    )

    response = await client.post("/v1/campaigns", json=body, headers=owner.headers)

    problem = assert_problem(response, 422, "validation_error")
    assert f"body.settings.{field}" in problem["detail"], problem
    assert await session.scalar(select(func.count()).select_from(Campaign)) == before


async def test_R_TURN_9_a_schedule_or_hours_never_both(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    owner = await make_user()
    settings = {"turn_schedule": CLUB, "turn_deadline_hours": 24}
    body = lobby_body(await builtin_map_id(client, owner.headers, "skirmish"), settings, None)

    response = await client.post("/v1/campaigns", json=body, headers=owner.headers)

    assert_problem(response, 422, "validation_error")
    assert await session.scalar(select(func.count()).select_from(Campaign)) == 0


async def test_R_TURN_9_the_owner_sets_a_schedule_in_the_lobby_and_a_bad_one_changes_nothing(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner = await make_user()
    lobby = await create_lobby(client, owner, settings={"turn_deadline_hours": 24})
    url = f"/v1/campaigns/{lobby['id']}"

    good = await client.patch(
        url, json={"settings": {"turn_schedule": CLUB}}, headers=owner.headers
    )

    assert good.status_code == 200, good.text
    stored = (await client.get(url, headers=owner.headers)).json()["settings"]
    assert (stored["turn_deadline_hours"], stored["turn_schedule"]) == (
        None,
        {
            "entries": [{"weekday": 1, "time": "20:00"}, {"weekday": 4, "time": "20:00"}],
            "time_zone": "Europe/Paris",
            "min_turn_hours": 12,
        },
    )
    bad = {"settings": {"turn_schedule": schedule(time_zone="Europe/Atlantis")}}
    assert_problem(
        await client.patch(url, json=bad, headers=owner.headers), 422, "validation_error"
    )
    assert (await client.get(url, headers=owner.headers)).json()["settings"] == stored


async def _import(client: AsyncClient, make_user: MakeUser, document: dict[str, Any]) -> Any:
    importer, other = await make_user(), await make_user()
    seats = {"1": importer.username, "2": other.username}
    body = {"document": document, "seats": seats}
    return await client.post("/v1/campaigns/import", json=body, headers=importer.headers)


@pytest.mark.parametrize(
    ("bad", "field"),
    [
        (schedule(time_zone="localtime"), "time_zone"),
        (schedule(time_zone="right/Europe/Paris"), "time_zone"),
        (schedule(time_zone="../../etc/passwd"), "time_zone"),
        (schedule(entries=[entry(9)]), "entries/0/weekday"),
        (schedule(entries=[entry(time="25:00")]), "entries/0/time"),
        (schedule(entries=[entry()] * 10_000), "entries"),
    ],
)
async def test_R_TURN_9_an_exported_schedule_imports_again_and_a_hostile_one_never(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, bad: dict[str, Any], field: str
) -> None:
    """What the API accepts, it exports and imports again; one set of bounds for both: a
    document whose schedule the lobby would refuse is a 422 naming it, and stores nothing."""
    game = await start_game(client, make_user, settings={"turn_schedule": CLUB}, owner_plays=False)
    document = await export_campaign(client, game.id, game.owner)
    assert document["campaign"]["settings"]["turn_schedule"]["time_zone"] == "Europe/Paris"
    again = await _import(client, make_user, document)
    assert again.status_code == 201, again.text
    before = await session.scalar(select(func.count()).select_from(Campaign))

    spoilt = deepcopy(document)
    spoilt["campaign"]["settings"]["turn_schedule"] = bad
    refused = await _import(client, make_user, spoilt)

    problem = assert_problem(refused, 422, "validation_error")
    assert "turn_schedule" in refused.text, problem
    assert field.split("/")[0] in refused.text, problem
    assert await session.scalar(select(func.count()).select_from(Campaign)) == before
