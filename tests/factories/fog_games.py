"""Random fog games for API tests: four players march, build and fight over HTTP on a generated
map for several turns, every read checked against what each may know (tests/factories/walk.py)."""

import random
import uuid
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from fastapi import FastAPI
from httpx import AsyncClient, Response
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.rules import concealment, visibility
from app.rules.hexgrid import Coord, Grid, Wrap
from app.store.models import BattleRow, Campaign
from app.store.persistence import snapshots
from tests.factories.flows import AuthUser, MakeUser
from tests.factories.pictures import WORLD_MAP_SCHEMA, battle_frames, svg_world
from tests.factories.walk import Knowledge, Schemas, knowledge, leaks, summary_leaks

FACTIONS = ("empire", "orcs_goblins", "dwarfs", "skaven")


PENDING = ("awaiting_report", "reported", "disputed")


@dataclass
class Table:
    """One generated campaign being played, and the checker's bookkeeping."""

    client: AsyncClient
    session: AsyncSession
    schemas: Schemas
    rng: random.Random
    campaign_id: str
    grid: Grid
    users: dict[int, AuthUser]  # by player number; 1 is the owner
    capitals: dict[int, Coord]  # where the driver sends armies (not what players are told)
    requests: int = 0
    found: list[str] = field(default_factory=list)
    trails: list[str] = field(default_factory=list)  # turn summaries (see summary_leaks)
    tally: Counter[str] = field(default_factory=Counter)
    known: dict[int, Knowledge] = field(default_factory=dict)  # emptied by every write
    # Knowledge around each battle settled this turn: its events go to the next summary.
    settling: dict[int, Knowledge] = field(default_factory=dict)
    # Each player's knowledge at the end of each past turn, before it changed (replays).
    ended: dict[int, dict[int, Knowledge]] = field(default_factory=dict)

    async def remember_sights(self) -> None:
        cid = uuid.UUID(self.campaign_id)
        for player in self.users:
            now = await knowledge(self.session, cid, player)
            seen = self.settling.get(player)
            self.settling[player] = now if seen is None else seen.union(now)

    async def call(
        self,
        player: int,
        method: str,
        template: str,
        values: dict[str, Any] | None = None,
        body: Any = None,
        summary_of: Knowledge | None = None,
        then: Knowledge | None = None,
    ) -> Response:
        """Request as `player`, then check the answer against what they may know now (or, for a
        replay of a past turn, `then`: what they knew when it ended)."""
        template = "/v1/campaigns/{campaign_id}" + template
        path = template.format(campaign_id=self.campaign_id, **(values or {}))
        response = await self.client.request(
            method, path, json=body, headers=self.users[player].headers
        )
        self.requests += 1
        self.tally[f"{method} {template.rsplit('/', 1)[-1]} {response.status_code}"] += 1
        assert response.status_code < 500, (path, response.text)
        if method != "GET":
            self.known.clear()
        if player not in self.known:
            self.known[player] = await knowledge(self.session, uuid.UUID(self.campaign_id), player)
        known = self.known[player] if then is None else then
        self.tally["armies concealed from the caller"] += len(known.hidden)  # R-OPT-3
        where = f"{method} {path} as {player}"
        schema = self.schemas.response(method, template, response.status_code)
        if response.headers.get("content-type", "").startswith("image/svg+xml"):
            # A picture is judged as the map it draws (tests/factories/pictures.py), and by its
            # text.
            payload: Any = svg_world(response.text)
            schema = WORLD_MAP_SCHEMA
            # R-FOG-4, R-OPT-3: a frame only on the tile of a battle the caller may know of.
            self.found += [
                f"{where}: battle framed on {coord}"
                for coord in battle_frames(response.text)
                if coord not in known.battle_tiles
            ]
            self.tally["storm tiles drawn"] += sum(len(s["tiles"]) for s in payload["storms"])
            self.found += [
                f"{where}: real name {name!r} under anonymity"
                for name in known.hidden_names
                if name in response.text
            ]
        else:
            payload = response.json() if response.content else None
        if summary_of is not None and isinstance(payload, dict) and response.status_code == 200:
            known = summary_of.union(known)
            # An army seen passing through a tile in sight may be named; where it came from
            # and where it went, outside sight, may not (summary_leaks).
            passing = {
                e["data"].get("army_id")
                for e in payload["events"]
                if any(tuple(c) in known.sight for c in e["coords"])
            }
            known = replace(
                known, allowed={**known.allowed, "army": known.allowed["army"] | passing}
            )
            self.trails += summary_leaks(payload, known, where)
        self.found += leaks(self.schemas, schema, payload, known, where)
        return response


async def setup_table(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    app: FastAPI,
    seed: int,
    n: int,
    settings: dict[str, Any] | None = None,
    ruleset: dict[str, Any] | None = None,
) -> Table:
    users = [
        await make_user(f"secret{seed}x{i}", display_name=f"Hidden{seed} Person{i}")
        for i in range(n)
    ]
    owner = users[0]
    generated = await client.post(
        "/v1/maps/generate",
        json={"width": 12, "height": 10, "players": n, "seed": seed},
        headers=owner.headers,
    )
    assert generated.status_code == 201, generated.text
    document = generated.json()["document"]
    created = await client.post(
        "/v1/campaigns",
        json={
            "name": f"Fog {seed}",
            "map_id": generated.json()["id"],
            "settings": {"anonymity": True, **(settings or {})},
            **({"ruleset": ruleset} if ruleset is not None else {}),
        },
        headers=owner.headers,
    )
    assert created.status_code == 201, created.text
    campaign = created.json()
    # The campaign's salt, random when created, is the seed's: the draws made from it (hidden
    # armies, storms, the scrambled ids) are then the same at every run, as the rest of the game
    # is, and the checks of what the game went through (`tally`) hold at every run.
    await session.execute(
        update(Campaign).where(Campaign.id == uuid.UUID(campaign["id"])).values(id_salt=seed)
    )
    numbers: dict[int, AuthUser] = {}
    for slot, (user, faction) in enumerate(zip(users, FACTIONS, strict=False)):
        joined = await client.post(
            f"/v1/campaigns/{campaign['id']}/players",
            json={"invite_code": campaign["invite_code"]},
            headers=user.headers,
        )
        assert joined.status_code == 201, joined.text
        chosen = await client.patch(
            f"/v1/campaigns/{campaign['id']}/players/me",
            json={"faction": faction, "slot": slot},
            headers=user.headers,
        )
        assert chosen.status_code == 200, chosen.text
        numbers[joined.json()["number"]] = user
    started = await client.post(f"/v1/campaigns/{campaign['id']}/start", headers=owner.headers)
    assert started.status_code == 200, started.text
    grid = Grid(document["width"], document["height"], Wrap(document.get("wrap", "none")))
    state = (await knowledge(session, uuid.UUID(campaign["id"]), 1)).state
    capitals = {s.owner: s.coord for s in state.structures.values() if s.is_capital}
    rng = random.Random(seed)  # noqa: S311 - reproducible games, not secrets
    return Table(
        client, session, Schemas(app.openapi()), rng, campaign["id"], grid, numbers, capitals
    )


def _path(grid: Grid, start: Coord, dest: Coord, costs: dict[Coord, int]) -> list[list[int]]:
    """Walk back from `dest` through reachable tiles of decreasing cost to `start`."""
    path = [dest]
    while not grid.adjacent(path[-1], start):
        steps = [c for c in grid.neighbours(path[-1]) if c in costs and costs[c] < costs[path[-1]]]
        if not steps or len(path) > 8:
            return [[dest[0], dest[1]]] if grid.adjacent(dest, start) else []
        path.append(min(steps, key=lambda c: costs[c]))
    return [list(c) for c in reversed(path)]


async def check_reads(t: Table, player: int) -> None:
    for template in (
        "",
        "/players",
        "/turn",
        "/map",
        "/generals",
        "/me",
        "/standings",
        "/orders",
        "/builds",
        "/edicts",
        "/treaties",
        "/messages",
        "/turns",
        "/house-rules",
        "/map.svg",
        "/charts",
    ):
        r = await t.call(player, "GET", template)
        assert r.status_code == 200, (template, r.text)
    # Replays: every past turn as the player saw it when it ended (R-FOG-1, R-FOG-3).
    for number, then in sorted(t.ended.items()):
        for template in ("/turns/{number}/map", "/turns/{number}/map.svg"):
            r = await t.call(player, "GET", template, {"number": number}, then=then[player])
            assert r.status_code == 200, (template, r.text)
            t.tally["replays judged"] += 1
    for _ in range(2):
        q, r_ = t.rng.choice(list(t.grid.coords()))
        await t.call(player, "GET", "/tiles/{q}/{r}", {"q": q, "r": r_})
    battles = await t.call(player, "GET", "/battles")
    for battle in battles.json()["items"]:
        await t.call(player, "GET", "/battles/{battle_id}", {"battle_id": battle["id"]})


async def _orders(t: Table, player: int) -> None:
    armies = (await t.call(player, "GET", "/armies")).json()["mine"]
    for army in armies:
        if army["locked_in_battle"] or t.rng.random() < 0.2:
            continue
        values = {"army_id": army["id"]}
        reach = await t.call(player, "GET", "/armies/{army_id}/reachable", values)
        if reach.status_code != 200 or not reach.json():
            continue
        costs = {(c["q"], c["r"]): c["cost"] for c in reach.json()}
        dest = t.rng.choice(sorted(costs))
        if t.rng.random() < 0.7:  # march on the nearest enemy capital, so that armies meet
            enemy = min(
                (c for n, c in t.capitals.items() if n != player),
                key=lambda c: t.grid.distance(c, (army["q"], army["r"])),
            )
            dest = min(sorted(costs), key=lambda c: t.grid.distance(c, enemy))
        path = _path(t.grid, (army["q"], army["r"]), dest, costs)
        if not path:
            continue
        moved = await t.call(player, "PUT", "/armies/{army_id}/move", values, {"path": path})
        if moved.status_code == 200 and t.rng.random() < 0.5:
            build = {"kind": "outpost", "q": dest[0], "r": dest[1], "army_id": army["id"]}
            await t.call(player, "POST", "/builds", body=build)
        if moved.status_code == 200 and t.rng.random() < 0.15:
            await t.call(player, "DELETE", "/armies/{army_id}/move", values)
    # Probe a few ids the player may not own: the refusals must not leak either.
    for probe in t.rng.sample(range(1, 60), 1):
        await t.call(player, "GET", "/armies/{army_id}/reachable", {"army_id": probe})
        await t.call(player, "GET", "/battles/{battle_id}", {"battle_id": probe})
    await _compare_refusals(t, player)
    # A private message to the next player: the others' streams must never carry it.
    to = player % len(t.users) + 1
    sent = await t.call(player, "POST", "/messages", body={"to": [to], "body": "psst"})
    assert sent.status_code == 201, sent.text


UNKNOWN_ID = 10**6


async def _compare_refusals(t: Table, player: int) -> None:
    """Another player's city (hidden seat, pending raises) and an army out of sight answer like
    ids that do not exist (R-FOG-3): same status, code, detail and violations."""
    k = await knowledge(t.session, uuid.UUID(t.campaign_id), player)
    cities = sorted(s.id for s in k.state.structures.values() if s.owner != player)
    hidden = sorted(
        a.id for a in k.state.armies.values() if a.owner != player and a.coord not in k.sight
    )
    # (method, template, [(path values, body) for theirs, then for an unknown id])
    pairs: list[tuple[str, str, list[tuple[dict[str, Any], Any]]]] = []
    if cities:
        city = t.rng.choice(cities)
        pairs.append(("POST", "/armies", [({}, {"city_id": city}), ({}, {"city_id": UNKNOWN_ID})]))
    if hidden:
        army = t.rng.choice(hidden)
        for method, template, body in (
            ("POST", "/armies/{army_id}/upgrade", None),
            ("PUT", "/armies/{army_id}/move", {"path": [[0, 0]]}),
        ):
            calls = [({"army_id": army}, body), ({"army_id": UNKNOWN_ID}, body)]
            pairs.append((method, template, calls))
    for method, template, calls in pairs:
        answers = []
        for values, body in calls:
            r = await t.call(player, method, template, values, body)
            problem = r.json()
            problem.pop("instance", None)  # the path itself
            answers.append((r.status_code, problem))
        t.tally[f"compared {method} {template}"] += 1
        if answers[0] != answers[1]:
            t.found.append(f"{method} {template} as {player}: {answers[0]} != {answers[1]}")


async def _battles(t: Table) -> None:
    """Each pending battle: a player of the attacking side reports, one of the other confirms;
    a battle waiting for an earlier-declared one of its armies comes in a later round (R-MOVE-3)."""
    cid = uuid.UUID(t.campaign_id)
    for _round in range(100):  # each round settles at least the earliest-declared battle
        t.session.expire_all()
        rows = await t.session.scalars(
            select(BattleRow).where(BattleRow.campaign_id == cid, BattleRow.status.in_(PENDING))
        )
        pending = list(rows)
        if not pending:
            return
        for battle in pending:
            await t.session.refresh(battle)
            if battle.status in PENDING:  # not cancelled by settling another one meanwhile
                await _battle(t, battle)
    raise AssertionError("battles still pending after 100 rounds")


async def _battle(t: Table, battle: BattleRow) -> None:
    attacker, defender = battle.attacker["players"][0], battle.defender["players"][0]
    values = {"battle_id": battle.id}
    seen = await t.call(attacker, "GET", "/battles/{battle_id}", values)
    if seen.json()["waits_for_earlier_battle"]:
        return
    outcome = t.rng.choice(["attacker_victory", "draw", "defender_victory"])
    report = {
        "outcome": outcome,
        "attacker_losses_pct": t.rng.randrange(0, 101, 10),
        "defender_losses_pct": t.rng.randrange(0, 101, 10),
    }
    reported = await t.call(attacker, "POST", "/battles/{battle_id}/report", values, report)
    if reported.status_code != 200 and outcome == "attacker_victory":
        report["fate"] = "capture"
        reported = await t.call(attacker, "POST", "/battles/{battle_id}/report", values, report)
    if reported.status_code != 200:
        report = {"outcome": "draw", "attacker_losses_pct": 10, "defender_losses_pct": 10}
        reported = await t.call(attacker, "POST", "/battles/{battle_id}/report", values, report)
    assert reported.status_code == 200, reported.text
    for player in t.users:
        await t.call(player, "GET", "/battles/{battle_id}", values)
    await t.remember_sights()
    confirmed = await t.call(defender, "POST", "/battles/{battle_id}/confirm", values)
    assert confirmed.status_code == 200, confirmed.text
    await t.remember_sights()


async def play_turn(t: Table, number: int) -> None:
    players = sorted(t.users)
    for player in players:
        await check_reads(t, player)
        await _orders(t, player)
        await t.call(player, "PUT", "/turn/ready")
    cid = uuid.UUID(t.campaign_id)
    before = {p: await knowledge(t.session, cid, p) for p in players}
    t.ended[number] = dict(before)  # the end of the turn, as its snapshot keeps it
    for p, seen in t.settling.items():
        before[p] = seen.union(before[p])
    t.settling.clear()
    resolved = await t.call(1, "POST", "/turn/resolve")
    assert resolved.status_code == 200, resolved.text
    assert resolved.json()["number"] == number + 1
    for player in players:
        summary = await t.call(
            player, "GET", "/turns/{number}/summary", {"number": number}, summary_of=before[player]
        )
        assert summary.status_code == 200, summary.text
    await _battles(t)


# Member reads a spectator (R-CAMP-13) is refused as for a campaign that does not exist.
_NOT_FOR_SPECTATORS = ("/map", "/armies", "/battles", "/orders", "/messages", "/events")


async def check_spectator(t: Table, spectator: AuthUser) -> None:
    """What a spectator reads now (R-CAMP-13): turn T − N's map as its snapshot kept it, every
    tile but no army concealed then from an outsider (R-OPT-3), the changes before it with
    public lines only, nothing later, no name, and no member endpoint."""
    cid = uuid.UUID(t.campaign_id)
    t.session.expire_all()
    campaign = await t.session.get_one(Campaign, cid)
    viewer = visibility.spectator(campaign.settings.spectator_delay_turns or 0)
    shown_turn = visibility.spectated_turn(viewer, campaign.turn)
    base = f"/v1/campaigns/{t.campaign_id}"

    async def get(path: str) -> Response:
        response = await t.client.get(base + path, headers=spectator.headers)
        t.requests += 1
        t.tally[f"spectator GET {path.split('/')[-1] or 'view'} {response.status_code}"] += 1
        names = [u.username for u in t.users.values()]
        t.found += [f"spectator {path}: name {n!r}" for n in names if n in response.text]
        return response

    view = (await get("/spectate")).json()
    if view["turn"] != shown_turn or any(p["name"] is not None for p in view["players"]):
        t.found.append(f"spectator: shown {view['turn']} at turn {campaign.turn}, {view}")
    world = await get("/spectate/map")
    if shown_turn is None:
        if world.status_code != 404:
            t.found.append(f"spectator: a map before any turn is old enough: {world.text}")
        return
    state = await snapshots.load_snapshot(t.session, cid, shown_turn, ())
    assert state is not None
    concealed = concealment.concealed(state)
    t.tally["armies concealed from the spectator"] += len(concealed)
    document = world.json()
    armies = {a["id"] for tile in document["tiles"] for a in tile.get("armies", ())}
    if document["turn"] != shown_turn or armies != set(state.armies) - concealed:
        t.found.append(f"spectator: turn {document['turn']}, armies {armies} of {shown_turn}")
    if {tile["fog"] for tile in document["tiles"]} != {"visible"}:
        t.found.append("spectator: a tile not shown whole")
    turns = [c["number"] for c in (await get("/spectate/turns")).json()["items"]]
    if turns != list(range(1, shown_turn)):
        t.found.append(f"spectator: changes {turns} while shown turn {shown_turn}")
    for number in range(1, shown_turn + 2):
        summary = await get(f"/spectate/turns/{number}/summary")
        if number >= shown_turn:
            if summary.status_code != 404:
                t.found.append(f"spectator: the change {number} after turn {shown_turn}")
            continue
        for line in summary.json()["events"]:
            t.tally["spectator summary lines"] += 1
            private = set(line["data"]) - visibility.PUBLIC_SUMMARY_DATA
            if line["kind"] not in visibility.PUBLIC_SUMMARY_KINDS or private:
                t.found.append(f"spectator: summary {number} line {line}")
    for path in _NOT_FOR_SPECTATORS:
        if (await get(path)).status_code != 404:
            t.found.append(f"spectator: member read {path} answered")
