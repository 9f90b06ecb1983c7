"""Army lists in the campaign document (issue 30, R-CAMP-9): the export carries each army's
list with its file, the lists as fielded in each battle and the armies' battles (R-ARMY-7); the
import restores them, and refuses a document whose lists break an upload's bounds.
"""

import base64
import io
import uuid
import zipfile
from copy import deepcopy
from pathlib import Path
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.play.rosters.formats import MAX_FILE_BYTES
from app.store.models import RosterRow
from tests.factories.battles import act, result
from tests.factories.flows import MakeUser, export_campaign, start_game
from tests.factories.rosters import battle_with_lists, upload
from tests.helpers import assert_problem

FIXTURES = Path(__file__).parents[2] / "play" / "rosters" / "fixtures"


def _rosz() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        entry = zipfile.ZipInfo("karaz.ros", date_time=(2026, 12, 1, 0, 0, 0))
        archive.writestr(entry, (FIXTURES / "karaz.ros").read_bytes(), zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


async def _document(client: AsyncClient, make_user: MakeUser, session: AsyncSession) -> Any:
    """A campaign with two lists (one a zipped `.rosz`), a confirmed battle with casualties."""
    game = await start_game(client, make_user, owner_plays=False)
    p1, p2 = game.players
    battle, a1, a2 = await battle_with_lists(client, session, game)
    report = result("draw", 30, 30, casualties=[{"army_id": a1, "unit": 1, "lost": 4}])
    assert (await act(client, game, p1.headers, battle["id"], "report", report)).is_success
    assert (await act(client, game, p2.headers, battle["id"], "confirm")).is_success
    rosz = base64.b64encode(_rosz()).decode()
    r = await upload(client, game, p2, a2, rosz, base64=True, filename="karaz.rosz")
    assert r.status_code == 200, r.text
    return await export_campaign(client, game.id, game.owner), a1, a2


async def test_R_CAMP_9_the_lists_travel_with_the_campaign_and_come_back_the_same(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    first, a1, a2 = await _document(client, make_user, session)
    rosters = first["rosters"]
    assert [(r["army_id"], r["format"]) for r in rosters["lists"]] == sorted(
        [(a1, "text"), (a2, "rosz")]
    )
    files = {r["army_id"]: base64.b64decode(r["original"]) for r in rosters["lists"]}
    assert files[a2] == _rosz()
    mine = next(r for r in rosters["lists"] if r["army_id"] == a1)
    assert [u.get("lost") for u in mine["units"]] == [0, 4]
    # The battle's lists as fielded: the orcs' text list, not the .rosz uploaded since.
    fielded = {f["army_id"]: f["roster"] for f in rosters["fielded"]}
    assert (fielded[a2]["format"], fielded[a2]["name"]) == ("text", "Ladz")
    assert sorted((b["army_id"], b["result"]) for b in rosters["battles"]) == sorted(
        [(a1, "draw"), (a2, "draw")]
    )

    importer, carol, dave = await make_user(), await make_user(), await make_user()
    body = {"document": first, "seats": {"1": carol.username, "2": dave.username}}
    imported = await client.post("/v1/campaigns/import", json=body, headers=importer.headers)
    assert imported.status_code == 201, imported.text
    copy = imported.json()["id"]
    assert await export_campaign(client, copy, importer) == first
    stored = await session.scalar(
        select(RosterRow.original).where(
            RosterRow.campaign_id == uuid.UUID(copy), RosterRow.army_id == a2
        )
    )
    assert stored == _rosz()


def _not_base64(d: dict[str, Any]) -> None:
    d["rosters"]["lists"][0]["original"] = "not base64!"


@pytest.mark.parametrize("spoil", [_not_base64])
async def test_R_CAMP_9_a_list_whose_file_cannot_be_read_is_refused(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, spoil: Any
) -> None:
    document, _, _ = await _document(client, make_user, session)
    spoilt = deepcopy(document)
    spoil(spoilt)
    importer, carol, dave = await make_user(), await make_user(), await make_user()
    body = {"document": spoilt, "seats": {"1": carol.username, "2": dave.username}}
    r = await client.post("/v1/campaigns/import", json=body, headers=importer.headers)
    problem = assert_problem(r, 422, "R-CAMP-9")
    assert problem["violations"][0]["path"] == "/document/rosters/lists/0/original"


def _huge_file(d: dict[str, Any]) -> None:
    d["rosters"]["lists"][0]["original"] = "A" * (-(-MAX_FILE_BYTES // 3) * 4 + 4)


def _many_units(d: dict[str, Any]) -> None:
    units = d["rosters"]["lists"][0]["units"]
    d["rosters"]["lists"][0]["units"] = units * 301


def _deep_units(d: dict[str, Any]) -> None:
    d["rosters"]["fielded"][0]["roster"]["units"][0]["options"] = {"a": {"b": {"c": [[[1]]]}}}


def _foreign_field(d: dict[str, Any]) -> None:
    d["rosters"]["battles"][0]["rules_text"] = "x"


@pytest.mark.parametrize("spoil", [_huge_file, _many_units, _deep_units, _foreign_field])
async def test_R_CAMP_9_lists_past_an_uploads_bounds_are_refused_before_anything_is_written(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, spoil: Any
) -> None:
    document, _, _ = await _document(client, make_user, session)
    spoilt = deepcopy(document)
    spoil(spoilt)
    importer, carol, dave = await make_user(), await make_user(), await make_user()
    body = {"document": spoilt, "seats": {"1": carol.username, "2": dave.username}}
    r = await client.post("/v1/campaigns/import", json=body, headers=importer.headers)
    problem = assert_problem(r, 422, "validation_error")
    assert any(e["loc"][:3] == ["body", "document", "rosters"] for e in problem["errors"])
