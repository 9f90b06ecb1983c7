"""The campaign import (R-CAMP-9): an attacker writes the whole document. Its kept texts (a
ledger line's `reason_text`, a summary line's `texts`) name one of the server's own texts by
its message id, with exactly its parameters: a template of the document's own — one that
reads the server's environment through a value's attributes, or pads a value to megabytes —
is refused by its JSON pointer, and nothing is stored. A hostile template already in the
database is never filled: its line reads as the English stored beside it."""

import uuid
from copy import deepcopy
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import table_of, utcnow
from app.store.models import Campaign, LedgerRow
from tests.factories.flows import AuthUser, Game, MakeUser, change_turn, export_campaign, start_game
from tests.helpers import assert_problem

ENVIRONMENT = (
    "{what.__reduce__.__globals__[__builtins__][__loader__].find_spec.__globals__[sys]"
    ".modules[os].environ}"
)
PADDED = "{what:>3000000}"
OR = "{choices} or {last}"  # one of the server's texts, with two parameters


async def _played(client: AsyncClient, make_user: MakeUser) -> tuple[Game, dict[str, Any]]:
    """A campaign one turn on (its ledger and summaries hold kept texts), exported."""
    game = await start_game(client, make_user, owner_plays=False)
    await change_turn(client, game)
    return game, await export_campaign(client, game.id, game.owner)


def _kept_ledger_line(document: dict[str, Any]) -> int:
    return next(i for i, line in enumerate(document["ledger"]) if line.get("reason_text"))


async def _import(
    client: AsyncClient, make_user: MakeUser, document: dict[str, Any]
) -> tuple[AuthUser, Any]:
    importer, other = await make_user(), await make_user()
    seats = {"1": importer.username, "2": other.username}
    r = await client.post(
        "/v1/campaigns/import",
        json={"document": document, "seats": seats},
        headers=importer.headers,
    )
    return importer, r


async def _campaigns(session: AsyncSession) -> int:
    return int(await session.scalar(select(func.count()).select_from(Campaign)) or 0)


def _with_reason(document: dict[str, Any], index: int, form: Any) -> dict[str, Any]:
    spoilt = deepcopy(document)
    spoilt["ledger"][index]["reason_text"] = form
    return spoilt


@pytest.mark.parametrize(
    ("form", "where"),
    [
        ({"template": ENVIRONMENT, "params": {"what": "x"}}, "/template"),
        ({"template": PADDED, "params": {"what": "x"}}, "/template"),
        ({"template": "Income: {what}", "params": {"what": "x"}}, "/template"),
        ({"template": OR, "params": {"choices": "a", "last": "b", "what": "c"}}, "/params/what"),
        ({"template": OR, "params": {"choices": "a"}}, "/params"),
        ({"template": OR, "params": {"choices": ["a"], "last": "b"}}, "/params/choices"),
        ({"template": OR, "params": {"choices": 1.5, "last": "b"}}, "/params/choices"),
        (
            {
                "template": OR,
                "params": {"choices": {"template": PADDED, "params": {"what": "x"}}, "last": "b"},
            },
            "/params/choices/template",
        ),
    ],
)
async def test_an_imported_ledger_reason_names_one_of_the_servers_texts_or_is_refused(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, form: Any, where: str
) -> None:
    _game, document = await _played(client, make_user)
    index = _kept_ledger_line(document)
    before = await _campaigns(session)

    _importer, r = await _import(client, make_user, _with_reason(document, index, form))

    problem = assert_problem(r, 422, "R-CAMP-9")
    pointer = f"/document/ledger/{index}/reason_text{where}"
    assert [v["path"] for v in problem["violations"]] == [pointer]
    assert "environ" not in r.text
    assert len(r.content) < 10_000
    assert await _campaigns(session) == before  # nothing stored


async def test_an_imported_summary_line_names_one_of_the_servers_texts_or_is_refused(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    _game, document = await _played(client, make_user)
    spoilt = deepcopy(document)
    seat, lines = next(iter(spoilt["turns"][0]["summaries"].items()))
    lines[0]["texts"] = {"reason": {"template": ENVIRONMENT, "params": {"what": "x"}}}
    before = await _campaigns(session)

    _importer, r = await _import(client, make_user, spoilt)

    problem = assert_problem(r, 422, "R-CAMP-9")
    assert [v["path"] for v in problem["violations"]] == [
        f"/document/turns/0/summaries/{seat}/0/texts/reason/template"
    ]
    assert await _campaigns(session) == before


async def test_an_imported_ledger_reason_of_the_servers_texts_is_said_in_each_language(
    client: AsyncClient, make_user: MakeUser
) -> None:
    _game, document = await _played(client, make_user)
    index = _kept_ledger_line(document)
    spoilt = _with_reason(
        document, index, {"template": OR, "params": {"choices": "gold", "last": 7}}
    )

    importer, r = await _import(client, make_user, spoilt)

    assert r.status_code == 201, r.text
    me = await client.get(
        f"/v1/campaigns/{r.json()['id']}/me",
        params={"limit": 100},
        headers={**importer.headers, "Accept-Language": "fr"},
    )
    assert me.status_code == 200, me.text
    reasons = [line["reason"] for line in me.json()["ledger"]["items"]]
    assert "gold ou 7" in reasons


async def test_a_hostile_template_already_stored_is_never_filled(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """A row written before (or by anything but the server's texts) reads as its English."""
    game = await start_game(client, make_user)
    owner = game.players[0]
    rows = [{"template": template, "params": {"what": "x"}} for template in (ENVIRONMENT, PADDED)]
    await session.execute(
        insert(table_of(LedgerRow)),
        [
            {
                "campaign_id": uuid.UUID(game.id),
                "player": owner.number,
                "turn": 1,
                "amount": 1,
                "reason": f"stored {i}",
                "reason_text": form,
                "rule": "R-ECO-6",
                "created_at": utcnow(),
            }
            for i, form in enumerate(rows)
        ],
    )

    for language in ("en", "fr"):
        me = await client.get(
            game.url("/me"), headers={**owner.headers, "Accept-Language": language}
        )
        assert me.status_code == 200, me.text
        reasons = [line["reason"] for line in me.json()["ledger"]["items"]]
        assert {"stored 0", "stored 1"} <= set(reasons)
        assert "environ" not in me.text
        assert len(me.content) < 100_000
