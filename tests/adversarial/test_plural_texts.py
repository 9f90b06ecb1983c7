"""Texts that count (`ngettext`), kept in a campaign's summaries and imported back (R-CAMP-9):
an attacker writes the whole document. A kept plural names one of the server's plural texts by
both its English forms, with a 64-bit count: a plural form of the document's own is refused by
its JSON pointer and nothing is stored; a parameter that looks like a template (`{count}`,
`%(x)s`, `{0.__class__}`) is said as the data it is, in English and in French."""

from copy import deepcopy
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import Campaign
from tests.factories.flows import AuthUser, MakeUser, change_turn, export_campaign, start_game
from tests.helpers import assert_problem

BATTLES = "{text} {count} battle waits for a result."  # one of the server's plural texts
BATTLES_PLURAL = "{text} {count} battles wait for a result."
OR = "{choices} or {last}"  # one of the server's texts that does not count
HOSTILE = "{count} %(x)s {0.__class__} {text.__init__.__globals__} {{"
ENVIRONMENT = "{what.__reduce__.__globals__[__builtins__][__loader__]}"


def _plural(**changes: Any) -> dict[str, Any]:
    form = {
        "template": BATTLES,
        "plural": BATTLES_PLURAL,
        "n": 2,
        "params": {"text": HOSTILE, "count": "%(x)s"},
    }
    return {**form, **changes}


async def _document(client: AsyncClient, make_user: MakeUser, form: Any) -> dict[str, Any]:
    """A campaign one turn on, exported, its first summary line of seat 1 saying `form`."""
    game = await start_game(client, make_user, owner_plays=False)
    await change_turn(client, game)
    document = deepcopy(await export_campaign(client, game.id, game.owner))
    line = document["turns"][0]["summaries"]["1"][0]
    line["data"]["said"] = "stored English"
    line["texts"] = {"said": form}
    return document


async def _import(
    client: AsyncClient, make_user: MakeUser, document: dict[str, Any]
) -> tuple[AuthUser, Any]:
    importer, other = await make_user(), await make_user()
    r = await client.post(
        "/v1/campaigns/import",
        json={"document": document, "seats": {"1": importer.username, "2": other.username}},
        headers=importer.headers,
    )
    return importer, r


async def _campaigns(session: AsyncSession) -> int:
    return int(await session.scalar(select(func.count()).select_from(Campaign)) or 0)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", f"{HOSTILE} %(x)s battles wait for a result."),
        ("fr", f"{HOSTILE} %(x)s batailles attendent un résultat."),
    ],
)
async def test_a_kept_plurals_parameters_are_said_as_data_never_filled(
    client: AsyncClient, make_user: MakeUser, language: str, said: str
) -> None:
    document = await _document(client, make_user, _plural())
    turn = document["turns"][0]["number"]

    importer, r = await _import(client, make_user, document)

    assert r.status_code == 201, r.text
    summary = await client.get(
        f"/v1/campaigns/{r.json()['id']}/turns/{turn}/summary",
        headers={**importer.headers, "Accept-Language": language},
    )
    assert summary.status_code == 200, summary.text
    lines = [e["data"].get("said") for e in summary.json()["events"]]
    assert said in lines, lines


@pytest.mark.parametrize(
    ("form", "where"),
    [
        (_plural(plural="{0.__class__}"), "/plural"),
        (_plural(plural=ENVIRONMENT), "/plural"),
        (_plural(plural=f"{BATTLES_PLURAL} {{text.__class__}}"), "/plural"),
        (_plural(template=ENVIRONMENT, plural=ENVIRONMENT), "/template"),
        (_plural(template=OR, plural=OR), "/template"),  # not a text that counts
        ({"template": BATTLES, "params": {"text": "a", "count": 2}}, "/template"),  # no count
        (_plural(n="2"), "/n"),
        (_plural(n=2**63), "/n"),
        (_plural(n=1.5), "/n"),
        (_plural(params={"text": "a", "count": 2, "what": "b"}), "/params/what"),
        (_plural(params={"text": "a"}), "/params"),
    ],
)
async def test_an_imported_plural_names_one_of_the_servers_texts_or_is_refused(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, form: Any, where: str
) -> None:
    document = await _document(client, make_user, form)
    before = await _campaigns(session)

    _importer, r = await _import(client, make_user, document)

    problem = assert_problem(r, 422, "R-CAMP-9")
    pointer = "/document/turns/0/summaries/1/0/texts/said" + where
    assert [v["path"] for v in problem["violations"]] == [pointer]
    assert await _campaigns(session) == before  # nothing stored
