"""A generic fog checker: walk a response with its OpenAPI schema, compare with the engine's sight.

`Knowledge` is what one player may know, computed independently of the endpoints from the
database (`load_state` + `fog.sight`). `leaks(body, schema, knowledge)` walks a JSON body along
its response schema, and reports every entity (army, structure, ship, battle, general, order)
named by id — by the schema (`TileArmy.id`, `BattleRead.id`, …) or by a field name
(`army_id`, `structure_id`, …) — that the player may not know of, every tile outside their
sight shown live, every other player's gold and every real name hidden by anonymity.
"""

import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.rules import concealment, fog, visibility
from app.rules.hexgrid import Coord
from app.rules.state import CampaignState
from app.store.models import BattleRow, Campaign, CampaignPlayer, OrderRow, User
from app.store.models.world import PENDING_BATTLE_STATUSES
from app.store.persistence import load_ruleset, load_state

# Schema components whose `id` names an entity of this kind.
ID_KIND = {
    "TileArmy": "army",
    "OtherArmy": "army",
    "MyArmy": "army",
    "TileStructure": "structure",
    "TileShip": "ship",
    "BattleRead": "battle",
    "MyGeneral": "general",
    "HeldPrisoner": "general",
    "CapturedGeneral": "general",
    "OrderRead": "order",
    "MoveRead": "order",
    "PendingBuild": "order",
    "PendingRaise": "order",
}

# Field names that hold an entity id, in any object (schema-less summary data included).
FIELD_KIND = {
    "army_id": "army",
    "leader_army_id": "army",
    "structure_id": "structure",
    "seat_id": "structure",
    "capital_id": "structure",
    "city_id": "structure",
    "ship_id": "ship",
    "battle_id": "battle",
    "general_id": "general",
}

TILE_SCHEMAS = frozenset({"WorldTile", "TilePanel"})


@dataclass(frozen=True)
class Knowledge:
    """What player `me` may know now (or, for a turn summary, around a turn change)."""

    me: int
    sight: frozenset[Coord]
    allowed: Mapping[str, frozenset[int]]  # kind → ids the player may be told of
    existing: Mapping[str, frozenset[int]]  # kind → ids that exist (unknown ids are not judged)
    memory: Mapping[Coord, Any]  # explored tiles as last seen (R-FOG-1)
    hidden_names: frozenset[str]
    own_orders: frozenset[int]
    fought_at: frozenset[Coord]  # tiles of battles the player took part in (R-FOG-4)
    state: CampaignState = field(repr=False)
    hidden: frozenset[int] = frozenset()  # armies concealed from the player (R-OPT-3)
    battle_tiles: frozenset[Coord] = frozenset()  # tiles of the pending battles they may see

    def union(self, other: "Knowledge") -> "Knowledge":
        kinds = set(self.allowed) | set(other.allowed)
        return Knowledge(
            me=self.me,
            sight=self.sight | other.sight,
            allowed={k: self.allowed.get(k, frozenset()) | other.allowed.get(k, frozenset())
                     for k in kinds},
            existing={k: self.existing.get(k, frozenset()) | other.existing.get(k, frozenset())
                      for k in kinds},
            memory={**other.memory, **self.memory},
            hidden_names=self.hidden_names & other.hidden_names,
            own_orders=self.own_orders | other.own_orders,
            fought_at=self.fought_at | other.fought_at,
            state=other.state,
            hidden=self.hidden & other.hidden,
            battle_tiles=self.battle_tiles | other.battle_tiles,
        )  # fmt: skip


async def knowledge(session: AsyncSession, campaign_id: uuid.UUID, me: int) -> Knowledge:
    """Player `me`'s knowledge, from the rows as they are now."""
    session.expire_all()
    campaign = await session.get_one(Campaign, campaign_id, populate_existing=True)
    state = await load_state(session, campaign)
    sight = fog.sight(state, me, load_ruleset(campaign))
    battles = list(await session.scalars(select(BattleRow).filter_by(campaign_id=campaign_id)))
    mine_in: list[BattleRow] = []
    seen_battles: set[int] = set()
    # R-OPT-3: a battle naming an army concealed from the player does not exist for them.
    hidden = concealment.hidden_from(state, me)
    pending_tiles: set[Coord] = set()
    for b in battles:
        players = frozenset(b.attacker["players"]) | frozenset(b.defender["players"])
        armies = [*b.attacker["army_ids"], *b.defender["army_ids"]]
        if me in players:
            mine_in.append(b)
        looking = visibility.Viewer(seat=me, sight=sight, hidden=hidden)
        if visibility.battle_seen(looking, players, armies, (b.q, b.r)):
            seen_battles.add(b.id)
            if b.status in PENDING_BATTLE_STATUSES:
                pending_tiles.add((b.q, b.r))
    fought_armies = {a for b in mine_in for s in (b.attacker, b.defender) for a in s["army_ids"]}
    fought_places = {
        s["structure_id"] for b in mine_in for s in (b.attacker, b.defender) if s["structure_id"]
    }
    opponents = {p for b in mine_in for s in (b.attacker, b.defender) for p in s["players"]}

    def entities(items: Any) -> tuple[frozenset[int], frozenset[int]]:
        items = list(items)
        ok = {e.id for e in items if e.owner == me or e.coord in sight}
        return frozenset(ok), frozenset(e.id for e in items)

    armies_ok, armies_all = entities(state.armies.values())
    # R-OPT-3: an army concealed from the player is out of sight, unless they fought it.
    armies_ok -= hidden
    structures_ok, structures_all = entities(state.structures.values())
    # An explored tile names its structure as last seen: that id was shown then (R-FOG-1).
    remembered = {s.structure_id for s in state.players[me].explored.values() if s.structure_id}
    ships_ok, ships_all = entities(state.ships.values())
    generals = state.generals.values()
    rows = await session.execute(
        select(CampaignPlayer.number, User.id, User.username, User.display_name)
        .join(User, User.id == CampaignPlayer.user_id)
        .where(CampaignPlayer.campaign_id == campaign_id)
    )
    people = rows.all()
    owner = any(number == me and user_id == campaign.owner_id for number, user_id, *_ in people)
    # R-CAMP-5: the owner sees real names; the two sides of a battle see each other's.
    anonymous = campaign.settings.anonymity and not owner
    hidden_names = {
        name
        for number, _, username, display in people
        if anonymous and number != me and number not in opponents
        for name in (username, display)
    }
    orders = await session.scalars(select(OrderRow.id).filter_by(campaign_id=campaign_id))
    own_orders = await session.scalars(
        select(OrderRow.id).filter_by(campaign_id=campaign_id, player=me)
    )
    return Knowledge(
        me=me,
        sight=sight,
        allowed={
            "army": armies_ok | fought_armies,
            "structure": structures_ok | fought_places | remembered,
            "ship": ships_ok,
            "battle": frozenset(seen_battles),
            "general": frozenset(g.id for g in generals if me in (g.owner, g.held_by)),
            "order": frozenset(own_orders),
        },
        existing={
            "army": armies_all,
            "structure": structures_all,
            "ship": ships_all,
            "battle": frozenset(b.id for b in battles),
            "general": frozenset(g.id for g in generals),
            "order": frozenset(orders),
        },
        memory=dict(state.players[me].explored),
        hidden_names=frozenset(hidden_names),
        own_orders=frozenset(own_orders),
        fought_at=frozenset((b.q, b.r) for b in mine_in),
        state=state,
        hidden=hidden,
        battle_tiles=frozenset(pending_tiles),
    )


# ----------------------------------------------------------------------------- schema walk


class Schemas:
    """Response schemas of an OpenAPI document, by method and path template."""

    def __init__(self, openapi: Mapping[str, Any]) -> None:
        self.components: Mapping[str, Any] = openapi["components"]["schemas"]
        self.paths: Mapping[str, Any] = openapi["paths"]

    def response(self, method: str, template: str, status: int) -> Mapping[str, Any]:
        responses = self.paths[template][method.lower()]["responses"]
        content = responses.get(str(status), {}).get("content", {})
        for media in ("application/json", "application/problem+json"):
            if media in content:
                schema: Mapping[str, Any] = content[media].get("schema", {})
                return schema
        return {}

    def resolve(self, schema: Mapping[str, Any]) -> tuple[str | None, Mapping[str, Any]]:
        ref = schema.get("$ref")
        if isinstance(ref, str):
            name = ref.rsplit("/", 1)[-1]
            return name, self.components[name]
        return None, schema

    def objects(self, value: Any, schema: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
        """Every (schema component name, JSON object) pair in `value`."""
        name, schema = self.resolve(schema)
        for key in ("anyOf", "oneOf"):
            if key in schema:
                yield from self.objects(value, self._branch(value, schema[key]))
                return
        if isinstance(value, dict):
            if name is not None:
                yield name, value
            props = schema.get("properties", {})
            extra = schema.get("additionalProperties")
            for k, v in value.items():
                sub = props.get(k, extra if isinstance(extra, dict) else {})
                yield from self.objects(v, sub)
        elif isinstance(value, list):
            for item in value:
                yield from self.objects(item, schema.get("items", {}))

    def _branch(self, value: Any, branches: list[Mapping[str, Any]]) -> Mapping[str, Any]:
        for branch in branches:
            _, resolved = self.resolve(branch)
            kind = resolved.get("type")
            if value is None and kind == "null":
                return branch
            if isinstance(value, dict) and "properties" in resolved:
                props, required = set(resolved["properties"]), set(resolved.get("required", ()))
                if set(value) <= props and required <= set(value):
                    return branch
            if isinstance(value, list) and kind == "array":
                return branch
        return {}


def _dicts(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _dicts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _dicts(v)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _judge(k: Knowledge, kind: str, value: Any, where: str, out: list[str]) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        return
    if value in k.existing.get(kind, frozenset()) and value not in k.allowed.get(kind, frozenset()):
        out.append(f"{where}: {kind} {value} is out of player {k.me}'s knowledge")


def _tile(k: Knowledge, tile: Mapping[str, Any], out: list[str]) -> None:
    coord = (tile["q"], tile["r"])
    if coord in k.sight:
        return
    where = f"tile {coord}"
    if tile.get("fog") == "visible":
        out.append(f"{where}: shown visible outside sight")
    if tile.get("armies") or tile.get("ships"):
        out.append(f"{where}: armies or ships outside sight")
    structure = tile.get("structure")
    seen = k.memory.get(coord)
    remembered_id = seen.structure_id if seen is not None else None
    if isinstance(structure, dict) and "id" in structure and structure["id"] != remembered_id:
        out.append(f"{where}: live structure outside sight")
    if seen is None:
        if set(tile) - {"q", "r", "fog", "accepts"}:
            out.append(f"{where}: unexplored tile tells {sorted(set(tile) - {'q', 'r', 'fog'})}")
        return
    # Explored: owner and structure as last seen, never the live ones (R-FOG-1).
    kind = structure.get("kind") if isinstance(structure, dict) else None
    if tile.get("owner") != seen.owner or kind != (seen.structure and seen.structure.value):
        out.append(f"{where}: explored tile shows {tile.get('owner')}/{kind}, memory {seen}")


def leaks(
    schemas: Schemas, schema: Mapping[str, Any], body: Any, k: Knowledge, where: str
) -> list[str]:
    """Everything in `body` that player `k.me` may not know."""
    out: list[str] = []
    for name, obj in schemas.objects(body, schema):
        if name in ID_KIND:
            _judge(k, ID_KIND[name], obj.get("id"), f"{where} {name}", out)
        if name in TILE_SCHEMAS:
            _tile(k, obj, out)
        # R-OPT-5: a storm only on tiles in sight (an unexplored one would tell of its sea).
        if name == "WorldStorm":
            shown = [(t["q"], t["r"]) for t in obj.get("tiles", ())]
            if any(c not in k.sight for c in shown):
                out.append(f"{where}: storm on {sorted(set(shown) - k.sight)} outside sight")
        if name == "StandingRead" and obj.get("player") != k.me and obj.get("gold") is not None:
            out.append(f"{where}: player {obj.get('player')}'s gold")
        # R-FOG-6: a player's numbers per turn are theirs alone while the campaign runs.
        if name == "PlayerChart" and obj.get("player") != k.me:
            out.append(f"{where}: player {obj.get('player')}'s chart")
    for obj in _dicts(body):
        for key, kind in FIELD_KIND.items():
            _judge(k, kind, obj.get(key), f"{where} .{key}", out)
        for army_id in obj.get("army_ids", ()) if isinstance(obj.get("army_ids"), list) else ():
            _judge(k, "army", army_id, f"{where} .army_ids", out)
    for text in _strings(body):
        for name in k.hidden_names:
            if name in text:
                out.append(f"{where}: real name {name!r} under anonymity")
    return out


def summary_leaks(body: Mapping[str, Any], k: Knowledge, where: str) -> list[str]:
    """A turn summary: every coordinate of an event about others was in sight then (R-TURN-5).

    `k` is the union of the player's knowledge at every moment the summary's events happened:
    before and after the turn change, and around each battle result confirmed during the turn.
    """
    out: list[str] = []
    own_armies = {a.id for a in k.state.armies.values() if a.owner == k.me}
    for event in body.get("events", []):
        data = event.get("data", {})
        if data.get("army_id") in own_armies or k.me in data.get("players", ()):
            continue
        known = k.sight | k.fought_at
        hidden = [tuple(c) for c in event.get("coords", []) if tuple(c) not in known]
        if hidden:
            out.append(f"{where}: event {event['kind']} shows {hidden} outside sight")
    return out
