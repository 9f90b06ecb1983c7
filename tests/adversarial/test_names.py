"""Names and titles users write (campaigns, display names, maps and their places, tokens, army
lists, factions, house rules) and the bodies they write (messages, house rules' texts): an
attacker controls every character.

A name reaches email headers (a campaign's name is in every Subject), file names, logs, feeds
and chat messages: `"Evil\\r\\nBcc: x@example.org"` as a campaign name stopped every email of
the server. The server promises that a name is one line — no control character, line or
paragraph separator or bidi override — and that a body has none of them but line breaks and
tabs, in every request and in the import alike (app/platform/fields.py: `NameText`, `BodyText`): a
422 that stores nothing.
"""

import copy
import inspect
import json
import re
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import pytest
from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from httpx import AsyncClient
from pydantic import BaseModel, TypeAdapter
from pydantic.fields import FieldInfo
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.fields import BODY_PATTERN, NAME_PATTERN
from app.store.models import Campaign, GameMap, Token, User
from tests.factories.flows import (
    MakeUser,
    army_of,
    builtin_map_id,
    export_campaign,
    lobby_body,
    start_game,
)
from tests.factories.rosters import EMPIRE_LIST, roster_url, upload
from tests.helpers import assert_problem

HOSTILE = {
    "crlf-header": "Evil\r\nBcc: x@example.org",
    "line-separator": "Evil\u2028Bcc: x@example.org",
    "next-line": "Evil\x85Bcc: x@example.org",
    "nul": "Evil\x00",
    "bidi-override": "Evil\u202egnp.exe",
    "bidi-isolate": "Evil\u2066x\u2069",
    "tab": "Evil\tname",
    "escape": "Evil\x1b[31m",
}
hostile = pytest.mark.parametrize("name", list(HOSTILE.values()), ids=list(HOSTILE))

OWB = Path(__file__).parents[1] / "play" / "rosters" / "fixtures" / "reikland.owb.json"


def tiny_map(**changes: Any) -> dict[str, Any]:
    """A valid 2×2 map, with `changes`."""
    terrains = {(0, 0): "plain", (1, 0): "city", (0, 1): "plain", (1, 1): "forest"}
    tiles = [{"q": q, "r": r, "terrain": t} for (q, r), t in terrains.items()]
    slots = [{"q": 0, "r": 0}, {"q": 1, "r": 1}]
    return {"name": "Tiny", "width": 2, "height": 2, "tiles": tiles, "slots": slots, **changes}


async def count(session: AsyncSession, model: type[Any]) -> int:
    return await session.scalar(select(func.count()).select_from(model)) or 0


def refused_name(response: Any, field: str) -> None:
    problem = assert_problem(response, 422, "validation_error")
    assert any(e["loc"][-1] == field for e in problem["errors"]), problem
    assert "control characters" in json.dumps(problem["errors"])


@hostile
async def test_a_campaign_name_is_one_line_on_creation_and_on_renaming(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, name: str
) -> None:
    owner = await make_user()
    map_id = await builtin_map_id(client, owner.headers, "skirmish")
    before = await count(session, Campaign)
    body = {**lobby_body(map_id, None, None), "name": name}
    refused_name(await client.post("/v1/campaigns", json=body, headers=owner.headers), "name")
    assert await count(session, Campaign) == before
    created = await client.post("/v1/campaigns", json=lobby_body(map_id, None, None),
                                headers=owner.headers)  # fmt: skip
    campaign = created.json()["id"]
    renamed = await client.patch(
        f"/v1/campaigns/{campaign}", json={"name": name}, headers=owner.headers
    )
    refused_name(renamed, "name")
    got = await client.get(f"/v1/campaigns/{campaign}", headers=owner.headers)
    assert got.json()["name"] == "Test campaign"


@hostile
async def test_a_display_name_is_one_line(
    client: AsyncClient, session: AsyncSession, name: str
) -> None:
    before = await count(session, User)
    body = {"username": "mallory", "password": "long enough secret", "display_name": name}
    refused_name(await client.post("/v1/users", json=body), "display_name")
    assert await count(session, User) == before


@hostile
async def test_a_map_name_and_its_places_names_are_one_line(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, name: str
) -> None:
    alice = await make_user()
    before = await count(session, GameMap)
    refused_name(await client.post("/v1/maps", json=tiny_map(name=name), headers=alice.headers),
                 "name")  # fmt: skip
    slots = [{"q": 0, "r": 0, "name": name}, {"q": 1, "r": 1}]
    refused_name(await client.post("/v1/maps", json=tiny_map(slots=slots), headers=alice.headers),
                 "name")  # fmt: skip
    assert await count(session, GameMap) == before
    # The same map with a plain name is a valid map: what was refused was the name.
    created = await client.post("/v1/maps", json=tiny_map(), headers=alice.headers)
    assert created.status_code == 201, created.text


@hostile
async def test_a_token_name_is_one_line(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, name: str
) -> None:
    alice = await make_user()
    before = await count(session, Token)
    refused_name(await client.post("/v1/tokens", json={"name": name}, headers=alice.headers),
                 "name")  # fmt: skip
    assert await count(session, Token) == before


@hostile
async def test_an_army_lists_name_and_faction_are_one_line(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, name: str
) -> None:
    game = await start_game(client, make_user)
    p1, _ = game.players
    a1 = (await army_of(session, game, 1)).id
    before = (await upload(client, game, p1, a1, EMPIRE_LIST)).json()
    document = json.loads(OWB.read_text())
    for key in ("name", "army"):
        # JSON escapes every character: the parser reads exactly the hostile name.
        r = await upload(client, game, p1, a1, json.dumps({**document, key: name}))
        assert assert_problem(r, 422, "roster_unreadable")["where"] in {"name", "faction"}
    r = await upload(client, game, p1, a1, EMPIRE_LIST, filename=f"{name}.txt")
    refused_name(r, "filename")
    assert (await client.get(roster_url(game, a1), headers=p1.headers)).json() == before


@hostile
async def test_house_rules_faction_names_and_messages_refuse_it_too(
    client: AsyncClient, make_user: MakeUser, name: str
) -> None:
    game = await start_game(client, make_user)
    owner, (p1, _) = game.owner, game.players
    rule = {"section": name, "kind": "remove", "text": "No steam tanks."}
    refused_name(await client.post(game.url("/house-rules"), json=rule, headers=owner.headers),
                 "section")  # fmt: skip
    # A body keeps its line breaks and tabs, nothing else.
    body = name.replace("\t", "\x0b")
    sent = await client.post(game.url("/messages"), json={"to": "all", "body": body},
                             headers=p1.headers)  # fmt: skip
    assert_problem(sent, 422, "validation_error")
    multiline = await client.post(game.url("/messages"),
                                  json={"to": "all", "body": "Line one\n\tLine two"},
                                  headers=p1.headers)  # fmt: skip
    assert multiline.status_code == 201, multiline.text
    got = (await client.get(game.url("/house-rules"), headers=owner.headers)).json()
    assert got["amendments"] == []
    map_id = await builtin_map_id(client, owner.headers, "skirmish")
    variant = {"factions": {"empire": {"name": name}}}
    created = await client.post("/v1/campaigns", json=lobby_body(map_id, None, variant),
                                headers=owner.headers)  # fmt: skip
    assert assert_problem(created, 422, "R-HOUSE-2")["detail"]


PLACES = ("campaign name", "map name", "map place", "seat faction", "house rule", "new name")


@hostile
async def test_an_imported_campaign_cannot_bring_a_bad_name_in(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, name: str
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    added = await client.post(
        game.url("/house-rules"),
        json={"section": "Steam Tank", "kind": "remove", "text": "No steam tanks."},
        headers=game.owner.headers,
    )
    assert added.status_code == 201, added.text
    exported = await export_campaign(client, game.id, game.owner)
    importer, carol = await make_user(), await make_user()
    before = await count(session, Campaign)
    for where in PLACES:
        document = copy.deepcopy(exported)
        body: dict[str, Any] = {
            "document": document,
            "seats": {"1": importer.username, "2": carol.username},
        }
        if where == "campaign name":
            document["campaign"]["name"] = name
        elif where == "map name":
            document["map"]["name"] = name
        elif where == "map place":
            document["map"]["slots"][0]["name"] = name
        elif where == "seat faction":
            document["seats"][0]["faction"] = name
        elif where == "house rule":
            document["house_rules"][0]["section"] = name
        else:
            body["name"] = name
        r = await client.post("/v1/campaigns/import", json=body, headers=importer.headers)
        assert r.status_code == 422, (where, r.text)
        assert_problem(r, 422, "validation_error")
    assert await count(session, Campaign) == before
    # The same document, untouched, imports: what was refused was the name.
    body = {"document": exported, "seats": {"1": importer.username, "2": carol.username}}
    r = await client.post("/v1/campaigns/import", json=body, headers=importer.headers)
    assert r.status_code == 201, r.text


# ------------------------------------------------ every name of every request is a NameText

# A field named like a name or a title, or like a body.
NAMED = re.compile(r"(^|_)(name|title|subject|label|section|page|faction|filename|system)$")
BODIES = re.compile(r"(^|_)(body|text|note|reason|description|options|warnings)$")


def _dependants(routes: list[Any]) -> Iterator[Dependant]:
    """Every dependant of every route of the app (routers included in routers too)."""
    for route in routes:
        if isinstance(route, APIRoute):
            yield route.dependant
        contexts = getattr(route, "effective_route_contexts", None)
        if contexts is not None:
            for context in contexts():
                if isinstance(context.original_route, APIRoute) and context.dependant is not None:
                    yield context.dependant
        nested = getattr(route, "routes", None)
        if contexts is None and isinstance(nested, list):
            yield from _dependants(nested)


def _types(annotation: Any) -> Iterator[Any]:
    args = typing.get_args(annotation)
    if not args:
        yield annotation
    for arg in args:
        yield from _types(arg)


def request_models(app: FastAPI) -> set[type[BaseModel]]:
    """Every model a request body carries, and every model inside one."""
    found: set[type[BaseModel]] = set()
    todo: list[Any] = []
    for dependant in _dependants(app.router.routes):
        stack = [dependant]
        while stack:
            d = stack.pop()
            stack.extend(d.dependencies)
            todo.extend(p.field_info.annotation for p in d.body_params)
    while todo:
        for t in _types(todo.pop()):
            if inspect.isclass(t) and issubclass(t, BaseModel) and t not in found:
                found.add(t)
                todo.extend(f.annotation for f in t.model_fields.values())
    return found


def _strings(schema: Any) -> Iterator[dict[str, Any]]:
    """The string schemas of one property (through unions, lists and maps; not other models)."""
    if not isinstance(schema, dict):
        return
    if schema.get("type") == "string":
        yield schema
    for key in ("anyOf", "oneOf", "allOf"):
        for option in schema.get(key, ()):
            yield from _strings(option)
    yield from _strings(schema.get("items"))
    yield from _strings(schema.get("additionalProperties"))


def field_schema(info: FieldInfo) -> dict[str, Any]:
    """The JSON schema of one field, as the model validates it."""
    annotation: Any = info.annotation
    if info.metadata:
        annotation = Annotated[(annotation, *info.metadata)]
    schema: dict[str, Any] = TypeAdapter(annotation).json_schema(mode="validation")
    return schema


def test_every_name_and_body_a_request_carries_uses_the_shared_text_types(app: FastAPI) -> None:
    models = request_models(app)
    names = {m.__name__ for m in models}
    # The walk reaches the requests that carry names, the import's document among them.
    assert {"CampaignCreate", "UserCreate", "MapDocument", "TileDoc", "TokenCreate"} <= names
    assert {"CampaignImport", "CampaignHeader", "RosterUnitExport", "ExportedSeat"} <= names
    wrong = []
    checked = 0
    for model in models:
        for field, info in model.model_fields.items():
            if NAMED.search(field):
                allowed = {NAME_PATTERN}
            elif BODIES.search(field):
                allowed = {NAME_PATTERN, BODY_PATTERN}
            else:
                continue
            strings = list(_strings(field_schema(info)))
            checked += len(strings)
            wrong += [
                f"{model.__name__}.{field}"
                for s in strings
                if s.get("pattern") not in allowed and "enum" not in s
            ]
    assert checked > 30
    assert not wrong, "names or bodies without app.platform.fields' types:\n" + "\n".join(
        sorted(wrong)
    )


def test_the_contract_publishes_the_constraint(app: FastAPI) -> None:
    schemas = app.openapi()["components"]["schemas"]
    assert schemas["CampaignCreate"]["properties"]["name"]["pattern"] == NAME_PATTERN
    display = schemas["UserCreate"]["properties"]["display_name"]
    assert display["pattern"] == NAME_PATTERN
    assert schemas["MessageCreate"]["properties"]["body"]["pattern"] == BODY_PATTERN
