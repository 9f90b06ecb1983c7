"""Load benchmark: many concurrent players against a real server.

Starts the embedded PostgreSQL on its own data dir (`.data/bench-pg`), creates a fresh
database, migrates it, starts `uvicorn app.main:create_app --factory --workers 2` on a free
loopback port as a subprocess, sets up generated campaigns through the generated client
(players registered, seated and started), then runs N concurrent clients (default 50) for a
bounded time doing what players do: map views, army lists, reachable tiles and move orders,
outposts built and cancelled, turn views, ready / unready, the owner's confirmation when
everyone is ready, battle reports and confirmations when battles appear.

With `--instances N`, N such servers (separate process groups, `--workers` each) serve the one
database, the clients dealt over them in turn (the players of one campaign on different
instances); after the load, for every ordered pair of instances, a player's event stream on
one must carry a message sent through the other (LISTEN/NOTIFY across processes).

`--large-campaigns` (default 1) of the campaigns seat 17 players on a generated 64×64 map
(`--large-map-size`), the largest default campaign; the others seat up to `--players`. Clients
poll as a real client does: a view read before is asked again with its `ETag` in
`If-None-Match` (a 304 answers when nothing they see has changed).

First every client asks only `GET /readyz` for `--baseline-duration` seconds (the throughput of
the baseline with the same clients), then the mix. Prints throughput and p50/p95/p99 per route
template next to `GET /readyz` (one `SELECT 1`) measured in the same mix, the count of errors
(any 5xx or unexpected status), each target of issue 13 with PASS/FAIL (p99 of every game read
≤ 2×, of every write ≤ 3× and of the turn change ≤ 5× the p99 of `GET /readyz`; the mix's
throughput ≥ 0.5× the baseline's), then checks through the database that every player's gold
equals their ledger's balance (`app.play.ledger`) and that each campaign has exactly one turn
record per turn change. Exits 1 if any error occurred or a check failed, 0 otherwise (the
latency targets are reported, not enforced: a shared machine may miss them). Always stops the
server and PostgreSQL (also on Ctrl-C).

`--database-url URL` runs on that database instead, as it is (migrated already, not dropped):
a Citus cluster's coordinator, for one (docs/scaling.md).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import random
import secrets
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from bench.shared import (
    DEFAULT_FACTIONS,
    ROOT,
    UNTHROTTLED,
    Target,
    check_ledger,
    embedded_database,
    free_port,
    interrupt_on_signals,
    path_to,
    percentile,
    register_players,
    set_up_campaign,
    uvicorn_server,
    wait_ready,
)

DATA_DIR = ROOT / ".data" / "bench-pg"
DATABASE = "marchlords_load"
BASELINE = "GET /readyz"
CAMPAIGN = "/v1/campaigns/{campaign_id}"
# The game reads and writes of issue 13's targets, and their factors over GET /readyz's p99.
GAME_READS = frozenset(
    f"GET {CAMPAIGN}{path}"
    for path in (
        "/map", "/tiles/{q}/{r}", "/armies", "/generals", "/me", "/battles", "/turn", "/turns",
        "/turns/{number}/summary",
    )
)  # fmt: skip
TURN_CHANGE = f"POST {CAMPAIGN}/turn/resolve"
READ_FACTOR, WRITE_FACTOR, TURN_FACTOR = 2.0, 3.0, 5.0
THROUGHPUT_TARGET = 0.5  # whole mix / GET /readyz alone, same clients
LARGE_PLAYERS = 17
# Per small campaign: every faction but the Dark Elves (their start must be on a coast).
MOST_PLAYERS = len(DEFAULT_FACTIONS) - 1
# Statuses a correct server may answer under concurrency: a rule may refuse a write because
# another request changed the turn or the map first (409/422), or the army is gone (404).
READ_OK = frozenset({200})
WRITE_OK = frozenset({200, 201, 204, 409, 422})
ARMY_WRITE_OK = WRITE_OK | {404}


# -- measurements ----------------------------------------------------------------------------


@dataclass
class Stats:
    started: float = 0.0
    stopped: float = 0.0
    requests: int = 0
    times: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: defaultdict[str, defaultdict[int, int]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(int))
    )
    errors: list[str] = field(default_factory=list)
    turn_changes: int = 0
    battles_reported: int = 0
    battles_confirmed: int = 0
    baseline_requests: int = 0  # GET /readyz alone, before the mix
    baseline_seconds: float = 0.0


class Api:
    """An httpx client that times every request under its route template."""

    def __init__(self, client: httpx.AsyncClient, stats: Stats, max_requests: int) -> None:
        self.client = client
        self.stats = stats
        self.max_requests = max_requests
        self.measuring = False
        # (token, url) → (ETag, body) of the views read so far, for If-None-Match.
        self.views: dict[tuple[str, str], tuple[str, Any]] = {}

    async def view(
        self, template: str, url: str, headers: dict[str, str], **kwargs: Any
    ) -> Any | None:
        """A game view's JSON body, asked with the ETag of the copy held (a 304 reuses it)."""
        key = (headers["Authorization"], str(httpx.URL(url, params=kwargs.get("params"))))
        held = self.views.get(key)
        sent = {**headers, "If-None-Match": held[0]} if held else headers
        response = await self.call("GET", template, url, ok=READ_OK | {304}, headers=sent, **kwargs)
        if response is None:
            return None
        if response.status_code == 304 and held is not None:
            return held[1]
        body = response.json()
        if "etag" in response.headers:
            self.views[key] = (response.headers["etag"], body)
        return body

    @property
    def exhausted(self) -> bool:
        return self.stats.requests >= self.max_requests

    async def call(
        self,
        method: str,
        template: str,
        url: str,
        ok: frozenset[int] = READ_OK,
        **kwargs: Any,
    ) -> httpx.Response | None:
        """The response if its status is in `ok`; an error is counted (and None returned) if not."""
        label = f"{method} {template}"
        start = time.perf_counter()
        try:
            response = await self.client.request(method, url, **kwargs)
        except httpx.HTTPError as exc:
            if self.measuring:
                self.stats.requests += 1
                self.stats.errors.append(f"{label}: {type(exc).__name__} {exc}")
            return None
        elapsed = time.perf_counter() - start
        if self.measuring:
            self.stats.requests += 1
            self.stats.times[label].append(elapsed)
            self.stats.statuses[label][response.status_code] += 1
        if response.status_code not in ok:
            if self.measuring or response.status_code >= 500:
                self.stats.errors.append(f"{label}: {response.status_code} {response.text[:300]}")
            return None
        return response


# -- players ---------------------------------------------------------------------------------


@dataclass
class Player:
    campaign_id: str
    number: int
    headers: dict[str, str]
    is_owner: bool

    def url(self, path: str = "") -> str:
        return f"/v1/campaigns/{self.campaign_id}{path}"


# This run's mark in its usernames: an external database (`--database-url`) keeps the users of
# the runs before.
RUN = secrets.token_hex(2)


async def seat_campaign(
    base_url: str, index: int, players: int, size: int, register_limit: asyncio.Semaphore
) -> list[Player]:
    """Register the players, create a campaign on a generated map, seat everyone, start it."""
    target = Target(base_url)
    tokens = await register_players(target, f"load{RUN}{index}_", players, register_limit)
    campaign = await set_up_campaign(target, tokens, f"Load {index}", generate=(size, index))
    return [
        Player(campaign.id, seat.number, seat.headers, k == 0)
        for k, seat in enumerate(campaign.seats)
    ]


# -- what a player does ----------------------------------------------------------------------

ARMY = "/v1/campaigns/{campaign_id}/armies/{army_id}"


class Client:
    """One simulated player's session: a loop of realistic requests until the time is up."""

    def __init__(self, api: Api, player: Player, rng: random.Random) -> None:
        self.api = api
        self.player = player
        self.rng = rng
        self.actions_this_turn = 0
        self.turn = 1
        self.builds: list[int] = []
        self.is_ready = False
        self.patience = rng.randint(3, 8)  # actions before declaring ready

    def seen_turn(self, number: int) -> None:
        """A new turn: nothing done yet, not ready, the builds of the last one are final."""
        if number != self.turn:
            self.turn, self.actions_this_turn, self.builds = number, 0, []
            self.is_ready = False
            self.patience = self.rng.randint(3, 8)

    async def run(self, deadline: float) -> None:
        actions = (
            (self.view_map, 25),
            (self.list_armies, 12),
            (self.view_turn, 15),
            (self.move, 12),
            (self.build, 6),
            (self.baseline, 10),
            (self.battles, 8),
            (self.read_me, 5),
            (self.unready, 2),
            (self.view_tile, 4),
            (self.list_generals, 3),
            (self.history, 3),
            (self.message, 2),
        )
        choices, weights = zip(*actions, strict=True)
        while time.monotonic() < deadline and not self.api.exhausted:
            if not self.is_ready and self.actions_this_turn >= self.patience:
                await self.ready()
            else:
                await self.rng.choices(choices, weights)[0]()
            self.actions_this_turn += 1

    async def baseline(self) -> None:
        await self.api.call("GET", "/readyz", "/readyz")

    async def readyz_only(self, deadline: float) -> int:
        """The baseline's throughput: GET /readyz alone until the deadline; answers counted."""
        answered = 0
        while time.monotonic() < deadline:
            if await self.api.call("GET", "/readyz", "/readyz") is not None:
                answered += 1
        return answered

    async def view_map(self) -> None:
        await self.api.view(f"{CAMPAIGN}/map", self.player.url("/map"), self.player.headers)

    async def read_me(self) -> None:
        await self.api.view(f"{CAMPAIGN}/me", self.player.url("/me"), self.player.headers)

    async def list_armies(self) -> list[dict[str, Any]]:
        body = await self.api.view(
            f"{CAMPAIGN}/armies", self.player.url("/armies"), self.player.headers
        )
        mine: list[dict[str, Any]] = body["mine"] if body is not None else []
        return mine

    async def view_tile(self) -> None:
        """The panel of a tile where one of ours stands (what it accepts)."""
        mine = await self.list_armies()
        if mine:
            army = self.rng.choice(mine)
            path = f"/tiles/{army['q']}/{army['r']}"
            await self.api.view(
                f"{CAMPAIGN}/tiles/{{q}}/{{r}}", self.player.url(path), self.player.headers
            )

    async def list_generals(self) -> None:
        await self.api.view(
            f"{CAMPAIGN}/generals", self.player.url("/generals"), self.player.headers
        )

    async def history(self) -> None:
        """The turn changes so far, and our summary of the last one."""
        turns = await self.api.view(
            f"{CAMPAIGN}/turns", self.player.url("/turns"), self.player.headers
        )
        if turns and turns["items"]:
            number = turns["items"][-1]["number"]
            await self.api.view(
                f"{CAMPAIGN}/turns/{{number}}/summary",
                self.player.url(f"/turns/{number}/summary"),
                self.player.headers,
            )

    async def message(self) -> None:
        await self.api.call(
            "POST",
            f"{CAMPAIGN}/messages",
            self.player.url("/messages"),
            ok=WRITE_OK,
            json={"to": "all", "body": "Hold the line."},
            headers=self.player.headers,
        )

    async def view_turn(self) -> None:
        turn = await self.api.view(
            f"{CAMPAIGN}/turn", self.player.url("/turn"), self.player.headers
        )
        if turn is None:
            return
        self.seen_turn(turn["number"])
        if self.player.is_owner and turn["awaiting_owner"]:
            resolved = await self.api.call(
                "POST",
                "/v1/campaigns/{campaign_id}/turn/resolve",
                self.player.url("/turn/resolve"),
                ok=WRITE_OK,
                headers=self.player.headers,
            )
            if resolved is not None and resolved.status_code == 200:
                self.api.stats.turn_changes += 1

    async def move(self) -> tuple[int, int, int] | None:
        """Order a move along a valid path from `…/reachable`; returns (army, q, r) if given."""
        armies = [a for a in await self.list_armies() if not a["locked_in_battle"]]
        if not armies:
            return None
        army = self.rng.choice(armies)
        reachable = await self.api.call(
            "GET",
            ARMY + "/reachable",
            self.player.url(f"/armies/{army['id']}/reachable"),
            ok=READ_OK | {404},
            headers=self.player.headers,
        )
        if reachable is None or reachable.status_code != 200 or not reachable.json():
            return None
        costs = {(t["q"], t["r"]): t["cost"] for t in reachable.json()}
        target = self.rng.choice(sorted(costs))
        path = path_to((army["q"], army["r"]), target, costs)
        if not path:
            return None
        moved = await self.api.call(
            "PUT",
            ARMY + "/move",
            self.player.url(f"/armies/{army['id']}/move"),
            ok=ARMY_WRITE_OK,
            json={"path": path},
            headers=self.player.headers,
        )
        if moved is not None and moved.status_code == 200:
            return army["id"], target[0], target[1]
        return None

    async def build(self) -> None:
        """An outpost where a march ends; half the time, cancel an earlier one (refund)."""
        if self.builds and self.rng.random() < 0.5:
            order_id = self.builds.pop()
            await self.api.call(
                "DELETE",
                "/v1/campaigns/{campaign_id}/builds/{order_id}",
                self.player.url(f"/builds/{order_id}"),
                ok=ARMY_WRITE_OK,
                headers=self.player.headers,
            )
            return
        moved = await self.move()
        if moved is None:
            return
        army_id, q, r = moved
        built = await self.api.call(
            "POST",
            "/v1/campaigns/{campaign_id}/builds",
            self.player.url("/builds"),
            ok=ARMY_WRITE_OK,
            json={"kind": "outpost", "q": q, "r": r, "army_id": army_id},
            headers=self.player.headers,
        )
        if built is not None and built.status_code == 201:
            self.builds.append(built.json()["id"])

    async def ready(self, ready: bool = True) -> None:
        """Declare ready (PUT) or think again and withdraw (DELETE)."""
        answered = await self.api.call(
            "PUT" if ready else "DELETE",
            "/v1/campaigns/{campaign_id}/turn/ready",
            self.player.url("/turn/ready"),
            ok=WRITE_OK,
            headers=self.player.headers,
        )
        if answered is not None and answered.status_code == 200:
            self.seen_turn(answered.json()["number"])
            self.is_ready = ready
            if not ready:
                self.patience = self.actions_this_turn + self.rng.randint(1, 4)

    async def unready(self) -> None:
        if self.is_ready:
            await self.ready(False)
        else:
            await self.view_turn()

    async def battles(self) -> None:
        """Report a draw for battles of ours awaiting a result; confirm the other side's."""
        listed = await self.api.view(
            f"{CAMPAIGN}/battles",
            self.player.url("/battles"),
            self.player.headers,
            params={"limit": 20},
        )
        if listed is None:
            return
        for battle in listed["items"]:
            side = battle["your_side"]
            if side is None:
                continue
            path = f"/battles/{battle['id']}"
            template = "/v1/campaigns/{campaign_id}/battles/{battle_id}"
            if battle["status"] == "awaiting_report":
                reported = await self.api.call(
                    "POST",
                    template + "/report",
                    self.player.url(path + "/report"),
                    ok=ARMY_WRITE_OK,
                    json={"outcome": "draw", "attacker_losses_pct": 20, "defender_losses_pct": 20},
                    headers=self.player.headers,
                )
                if reported is not None and reported.status_code == 200:
                    self.api.stats.battles_reported += 1
            elif battle["status"] == "reported" and battle["report"]["reported_side"] != side:
                confirmed = await self.api.call(
                    "POST",
                    template + "/confirm",
                    self.player.url(path + "/confirm"),
                    ok=ARMY_WRITE_OK,
                    headers=self.player.headers,
                )
                if confirmed is not None and confirmed.status_code == 200:
                    self.api.stats.battles_confirmed += 1


# -- the run ---------------------------------------------------------------------------------


def report(stats: Stats, clients: int) -> bool:
    """Print the table and the targets; True if every target is met."""
    elapsed = stats.stopped - stats.started
    print(
        f"\n{stats.requests} requests in {elapsed:.1f} s from {clients} clients: "
        f"{stats.requests / elapsed:.0f} req/s; {stats.turn_changes} turn changes, "
        f"{stats.battles_reported} battles reported, {stats.battles_confirmed} confirmed\n"
    )
    header = f"{'endpoint':58} {'count':>7} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}"
    print(header)
    print("-" * len(header))
    p99 = {}
    for label in sorted(stats.times, key=lambda k: (k != BASELINE, k.split(" ", 1)[1], k)):
        values = sorted(stats.times[label])
        p99[label] = percentile(values, 99) * 1000
        print(
            f"{label:58} {len(values):7} {len(values) / elapsed:7.1f} "
            f"{percentile(values, 50) * 1000:8.1f} {percentile(values, 95) * 1000:8.1f} "
            f"{p99[label]:8.1f}"
        )
    print("\nstatuses:")
    for label in sorted(stats.statuses):
        counts = ", ".join(f"{s}×{n}" for s, n in sorted(stats.statuses[label].items()))
        print(f"  {label}: {counts}")
    print(f"\nerrors (5xx, transport errors or unexpected statuses): {len(stats.errors)}")
    for error in stats.errors[:10]:
        print(f"  {error}")
    return targets(stats, p99, elapsed, clients)


def targets(stats: Stats, p99: dict[str, float], elapsed: float, clients: int) -> bool:
    """Print each target of issue 13 with PASS/FAIL; True if every one is met."""
    if BASELINE not in p99:
        print("targets: not measured (no GET /readyz in the mix)")
        return False
    base = p99[BASELINE]
    met = True
    print(f"\ntargets at {clients} clients, p99 / p99 of {BASELINE} ({base:.1f} ms):")
    rows = []
    for label in sorted(p99):
        method = label.split(" ", 1)[0]
        if label in GAME_READS:
            rows.append(("read", label, READ_FACTOR))
        elif label == TURN_CHANGE:
            rows.append(("turn change", label, TURN_FACTOR))
        elif method in ("POST", "PUT", "PATCH", "DELETE") and label.startswith(
            f"{method} {CAMPAIGN}/"
        ):
            rows.append(("write", label, WRITE_FACTOR))
    for kind, label, factor in rows:
        ratio = p99[label] / base
        ok = ratio <= factor
        met = met and ok
        print(f"  {kind:11} {label:58} {p99[label]:8.1f} ms {ratio:5.1f}× ≤ {factor:.0f}×: "
              + ("PASS" if ok else "FAIL"))  # fmt: skip
    missing = sorted(GAME_READS - set(p99)) + ([TURN_CHANGE] if TURN_CHANGE not in p99 else [])
    for label in missing:
        print(f"  not measured (never asked in this run): {label}")
    if stats.baseline_seconds > 0 and stats.baseline_requests:
        alone = stats.baseline_requests / stats.baseline_seconds
        mix = stats.requests / elapsed
        share = mix / alone
        ok = share >= THROUGHPUT_TARGET
        met = met and ok
        print(f"  throughput: whole mix {mix:.0f} req/s / GET /readyz alone {alone:.0f} req/s, "
              f"same {clients} clients = {share:.2f} ≥ {THROUGHPUT_TARGET}: "
              + ("PASS" if ok else "FAIL"))  # fmt: skip
    else:
        print("  throughput: not measured (no baseline phase)")
        met = False
    return met


async def check_live_events(base_urls: list[str], players: list[Player]) -> list[str]:
    """For every ordered pair of instances (A, B): a player streams `…/events` from B, another
    player of the campaign sends them a message through A; the stream must carry it.

    Prints the delivery time of each pair and PASS/FAILED; returns the problems found.
    """
    listener = players[0]
    writer = next(p for p in players[1:] if p.campaign_id == listener.campaign_id)
    pairs = [(a, b) for a in range(len(base_urls)) for b in range(len(base_urls))]
    if len(base_urls) > 1:
        pairs = [(a, b) for a, b in pairs if a != b]
    problems = []
    for a, b in pairs:
        async with (
            httpx.AsyncClient(base_url=base_urls[a], timeout=30) as to_a,
            httpx.AsyncClient(base_url=base_urls[b], timeout=30) as to_b,
            to_b.stream("GET", listener.url("/events"), headers=listener.headers) as stream,
        ):
            lines = stream.aiter_lines()
            try:
                async with asyncio.timeout(10):
                    async for line in lines:  # the stream is live once it says so
                        if line.startswith(": connected"):
                            break
                    sent_at = time.perf_counter()
                    sent = await to_a.post(
                        listener.url("/messages"),
                        json={"to": [listener.number], "body": f"via instance {a + 1}"},
                        headers=writer.headers,
                    )
                    sent.raise_for_status()
                    wanted = sent.json()["id"]
                    async for line in lines:
                        if (
                            line.startswith("data:")
                            and json.loads(line[5:]).get("message_id") == wanted
                        ):
                            break
                    delay = time.perf_counter() - sent_at
                print(f"live event: written through instance {a + 1}, streamed by instance "
                      f"{b + 1} after {delay * 1000:.0f} ms — PASS")  # fmt: skip
            except (TimeoutError, httpx.HTTPError) as exc:
                print(f"live event: written through instance {a + 1}, streamed by instance "
                      f"{b + 1}: not received ({type(exc).__name__}) — FAILED")  # fmt: skip
                problems.append(f"event from instance {a + 1} not streamed by {b + 1}")
    verdict = "FAILED" if problems else "PASS"
    print(f"live events across {len(base_urls)} instance(s): {len(pairs)} pairs — {verdict}")
    return problems


async def run(args: argparse.Namespace, url: str, base_urls: list[str]) -> bool:
    stats = Stats()
    per_instance = args.clients // len(base_urls) + 10
    # uvicorn closes a connection idle for 5 s (its keep-alive timeout): the clients let theirs
    # go sooner, or a request sent as the server closes one fails in transport (ReadError).
    limits = httpx.Limits(
        max_connections=per_instance, max_keepalive_connections=per_instance, keepalive_expiry=2.0
    )
    async with contextlib.AsyncExitStack() as stack:
        # One connection pool per instance; the clients (and the campaigns' set-up) are dealt
        # over the instances in turn, so the players of one campaign use different instances.
        apis = [
            Api(
                await stack.enter_async_context(
                    httpx.AsyncClient(base_url=base_url, limits=limits, timeout=60)
                ),
                stats,
                args.max_requests,
            )
            for base_url in base_urls
        ]
        # As many campaigns as needed for every player to have a client, sizes as even as
        # possible (a player nobody plays would never be ready and block their campaign).
        large = min(args.large_campaigns, args.clients // LARGE_PLAYERS)
        rest = args.clients - large * LARGE_PLAYERS
        campaigns = math.ceil(rest / args.players) if rest else 0
        sizes = [rest // campaigns + (i < rest % campaigns) for i in range(campaigns)]
        maps = [args.large_map_size] * large + [args.map_size] * campaigns
        sizes = [LARGE_PLAYERS] * large + sizes
        print(
            f"setting up {large} campaigns of {LARGE_PLAYERS} players on generated "
            f"{args.large_map_size}×{args.large_map_size} maps and {campaigns} of "
            f"{min(sizes[large:], default=0)}–{max(sizes[large:], default=0)} players on "
            f"{args.map_size}×{args.map_size} maps…"
        )
        register_limit = asyncio.Semaphore(4)
        seated = await asyncio.gather(
            *(
                seat_campaign(base_urls[i % len(apis)], i, size, maps[i], register_limit)
                for i, size in enumerate(sizes)
            )
        )
        players = [p for campaign in seated for p in campaign]
        rng = random.Random(args.seed)
        sims = [
            Client(apis[k % len(apis)], player, random.Random(rng.random()))
            for k, player in enumerate(players)
        ]
        print(f"baseline: {args.clients} clients asking only GET /readyz for "
              f"{args.baseline_duration:.0f} s…")  # fmt: skip
        started = time.perf_counter()
        deadline = time.monotonic() + args.baseline_duration
        counts = await asyncio.gather(*(sim.readyz_only(deadline) for sim in sims))
        stats.baseline_seconds = time.perf_counter() - started
        stats.baseline_requests = sum(counts)
        print(f"running {args.clients} clients for {args.duration:.0f} s "
              f"(at most {args.max_requests} requests)…")  # fmt: skip
        for api in apis:
            api.measuring = True
        stats.started = time.perf_counter()
        deadline = time.monotonic() + args.duration
        await asyncio.gather(*(sim.run(deadline) for sim in sims))
        stats.stopped = time.perf_counter()
        for api in apis:
            api.measuring = False
    met = report(stats, args.clients)
    problems = await check_live_events(base_urls, players)
    problems += await check_ledger(url)
    # The latency target is reported, not enforced: a shared or slow machine may miss it.
    del met
    return not stats.errors and not problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50, help="concurrent clients (50)")
    parser.add_argument("--duration", type=float, default=30, help="seconds of load (30)")
    parser.add_argument("--max-requests", type=int, default=200_000, help="hard cap (200000)")
    parser.add_argument("--players", type=int, default=8, help="at most, per campaign (8)")
    parser.add_argument("--map-size", type=int, default=20, help="generated map side (20)")
    parser.add_argument(
        "--large-campaigns",
        type=int,
        default=1,
        help=f"campaigns of {LARGE_PLAYERS} players among them, as clients allow (1)",
    )
    parser.add_argument(
        "--large-map-size", type=int, default=64, help="their generated map side (64)"
    )
    parser.add_argument(
        "--baseline-duration",
        type=float,
        default=10,
        help="seconds of GET /readyz alone before the mix, for its throughput (10)",
    )
    parser.add_argument("--workers", type=int, default=2, help="uvicorn worker processes (2)")
    parser.add_argument(
        "--instances",
        type=int,
        default=1,
        help="separate server processes on the one database, each with --workers workers (1)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' choices")
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=DATA_DIR,
        help="embedded PostgreSQL data dir (.data/bench-pg); another one lets two runs coexist",
    )
    parser.add_argument(
        "--database-url",
        help="an external database, used as it is (migrated, kept): e.g. a Citus cluster's "
        "coordinator (scripts/citus_cluster, docs/scaling.md); default: a fresh embedded one",
    )
    args = parser.parse_args()
    if not 2 <= args.players <= MOST_PLAYERS or args.clients < 2 or args.duration <= 0:
        parser.error("need 2–16 players per campaign, ≥ 2 clients and a positive duration")
    if not 1 <= args.instances <= 8:
        parser.error("--instances: 1–8")

    # SIGTERM (e.g. from a CI timeout) unwinds like Ctrl-C, so the finally blocks run; SIGINT
    # too when started in the background (where the shell leaves it ignored).
    interrupt_on_signals()
    ok = False
    try:
        database = (
            contextlib.nullcontext(args.database_url)
            if args.database_url
            else embedded_database(args.data_dir, DATABASE)
        )
        with database as url, contextlib.ExitStack() as servers:
            options = ("--workers", str(args.workers))
            base_urls = []
            for instance in range(args.instances):
                port = free_port()
                base_urls.append(f"http://127.0.0.1:{port}")
                print(f"server {instance + 1}: uvicorn, {args.workers} workers on "
                      f"{base_urls[-1]}; database: {args.database_url or DATABASE}")  # fmt: skip
                process = servers.enter_context(uvicorn_server(url, port, UNTHROTTLED, options))
                wait_ready(base_urls[-1], process, seconds=90)
            ok = asyncio.run(run(args, url, base_urls))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
