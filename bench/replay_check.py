"""The self-play check "replays equal the live maps" (issue 49), shared by
`bench/bench_selfplay.py` and the short self-play test (`tests/play/bots/test_selfplay.py`).

A turn's replay is its snapshot (R-TURN-6), taken by the change of turn N before it resolves:
the world as it was while turn N was played. So the game master, who sees everything, reads the
live campaign just before confirming the change (`look`: the map with its armies and ships, and
each seat's gold and territories from the charts' live point) and, once it is done, the replay
of that same turn (`GET …/turns/N/map`, and the charts' snapshot point of turn N): the two maps
must be equal, tile for tile, and so must the territories.

Gold moves during the change before the snapshot is taken: the bots pay for the orders and
edicts they give then (R-BOT-4). So a seat's replayed gold must be one of the balances its
ledger passed through during the change, read in order from the live gold before it: a
snapshot that kept a gold the ledger never booked fails. Costs per turn: two map reads, two
small chart reads and one ledger read (the lines the change wrote).
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

import httpx
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from app.store.models.ledger import LedgerRow


@dataclass(frozen=True)
class Look:
    """The live campaign as the game master sees it just before the change of turn `turn`."""

    campaign_id: uuid.UUID
    turn: int
    map: dict[str, Any]
    numbers: dict[int, tuple[int, int]]  # seat → (gold, territories)
    last_ledger_id: int


async def _get(client: httpx.AsyncClient, path: str, headers: dict[str, str]) -> Any:
    answer = await client.get(path, headers=headers)
    answer.raise_for_status()
    return answer.json()


async def _numbers(
    client: httpx.AsyncClient, base: str, headers: dict[str, str], turn: int
) -> dict[int, tuple[int, int]]:
    """Each seat's (gold, territories) of turn `turn` on the charts: live for the current
    turn, from its snapshot for a past one."""
    charts = await _get(client, f"{base}/charts?first={turn}&count=1", headers)
    return {
        p["player"]: (point["gold"], point["territories"])
        for p in charts["players"]
        for point in p["points"]
        if point["turn"] == turn
    }


async def look(
    client: httpx.AsyncClient,
    base: str,
    headers: dict[str, str],
    db: AsyncSession | AsyncConnection,
    campaign_id: uuid.UUID,
) -> Look:
    """Read the live campaign (`base`: `/v1/campaigns/{id}`; `headers`: the game master's)."""
    game_map = await _get(client, f"{base}/map", headers)
    turn = int(game_map["turn"])
    last = await db.scalar(
        select(func.coalesce(func.max(LedgerRow.id), 0)).where(LedgerRow.campaign_id == campaign_id)
    )
    return Look(
        campaign_id, turn, game_map, await _numbers(client, base, headers, turn), int(last or 0)
    )


def _tile_differences(live: dict[str, Any], replay: dict[str, Any]) -> list[str]:
    if live.get("tiles") == replay.get("tiles"):
        return []
    replayed = {(t["q"], t["r"]): t for t in replay.get("tiles", [])}
    out = []
    for tile in live.get("tiles", []):
        other = replayed.get((tile["q"], tile["r"]))
        if other != tile:
            out.append(f"tile ({tile['q']}, {tile['r']}): live {tile}, replayed {other}")
    return out or ["the replay's tiles are not the live map's"]


async def compare(
    client: httpx.AsyncClient,
    base: str,
    headers: dict[str, str],
    db: AsyncSession | AsyncConnection,
    before: Look,
) -> list[str]:
    """After the change of turn `before.turn`: its replay against what was live before it.
    Returns the differences (empty: equal)."""
    turn = before.turn
    replay = await _get(client, f"{base}/turns/{turn}/map", headers)
    problems = [f"map: {d}" for d in _tile_differences(before.map, replay)[:3]]
    if replay.get("storms", []) != before.map.get("storms", []):
        problems.append("map: the replay's storms are not the live map's")
    replayed = await _numbers(client, base, headers, turn)
    lines: defaultdict[int, list[int]] = defaultdict(list)
    rows = await db.execute(
        select(LedgerRow.player, LedgerRow.amount)
        .where(LedgerRow.campaign_id == before.campaign_id, LedgerRow.id > before.last_ledger_id)
        .order_by(LedgerRow.id)
    )
    for player, amount in rows.all():
        lines[player].append(amount)
    for seat, (gold, territories) in sorted(before.numbers.items()):
        if seat not in replayed:
            problems.append(f"seat {seat}: no replayed numbers")
            continue
        replay_gold, replay_territories = replayed[seat]
        if replay_territories != territories:
            problems.append(
                f"seat {seat}: {replay_territories} territories replayed, {territories} live"
            )
        balances = list(accumulate(lines[seat], initial=gold))
        if replay_gold not in balances:
            problems.append(
                f"seat {seat}: {replay_gold} gold replayed, never a balance of the change "
                f"(from {gold}: {balances[1:]})"
            )
    return problems
