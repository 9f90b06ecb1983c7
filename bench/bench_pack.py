"""Benchmark of the battle pack's PDF (issue 47): the CPU time of `app.play.packs.pdf.render`
for the largest battle of a 17-player campaign, as the game master sees it (both sides in full:
two pages, the most work).

The largest battle: every army of `bench_turn`'s campaign (17 players, 170 armies) on one city
hex, 16 players' 160 armies attacking the 17th player's 10 and its capital, every army with the
largest list the upload takes (300 units, names of 200 characters), a forest hex with forest,
mountain and marsh neighbours (the most terrain pieces). The pack document is built as the JSON
view builds it (the engine's deployment, the read models), then rendered `--runs` times; the
target is ≤ 300 ms of CPU per PDF (median). Target of the JSON: printed alongside.
"""

from __future__ import annotations

import argparse
import statistics
import time
from datetime import UTC, datetime
from typing import Any

from app.play.battles.schemas import BattlePlayer
from app.play.packs import pdf
from app.play.packs.schemas import (
    BattlePack,
    PackArmy,
    PackField,
    PackPiece,
    PackScenario,
    PackSide,
    PackStakes,
    PackTable,
    PackZone,
)
from app.play.rosters.formats.limits import MAX_NAME_CHARS, MAX_UNITS
from app.rules import battle_pack
from app.rules.rosters import UnitState
from app.rules.state import BattleKind, StructureKind, Terrain

TARGET_MS = 300.0


def _roster(army_id: int, owner: int) -> dict[str, Any]:
    name = "N" * MAX_NAME_CHARS
    units = [
        {"name": name, "count": 20, "points": 100, "options": "o" * 200, "general": i == 0}
        for i in range(MAX_UNITS)
    ]
    return {
        "army_id": army_id,
        "owner": owner,
        "format": "text",
        "filename": None,
        "name": name,
        "faction": "Empire",
        "game_system": "The Old World",
        "total_points": 100 * MAX_UNITS,
        "general_points": 100,
        "units": units,
        "warnings": [],
        "uploaded_at": datetime(2030, 1, 1, tzinfo=UTC),
        "check": {
            "tier": 6,
            "army_points_cap": 3000,
            "general_points_cap": 500,
            "army_points": 100 * MAX_UNITS - 100,
            "general_points": 100,
            "army_points_excess": 100 * MAX_UNITS - 3100,
            "general_points_excess": 0,
            "fits": False,
        },
        "losses": [{"unit": 0, "name": name, "lost": 3, "state": UnitState.WHOLE}],
    }


def largest_pack() -> BattlePack:
    """The pack of the largest battle, as the game master reads it."""
    forest = Terrain.FOREST
    encounter = battle_pack.Encounter(
        battle_id=2**31 - 1,
        battle_kind=BattleKind.SIEGE,
        terrain=forest,
        neighbours=(forest, Terrain.MOUNTAIN, Terrain.MARSH, forest, Terrain.CITY, forest),
        structure=StructureKind.CITY,
        capital=True,
        siege_draws=3,
    )
    kind = battle_pack.kind_of(encounter)
    table = battle_pack.table_for("old_world")
    seed = battle_pack.pack_seed(2**62, encounter.battle_id)
    pieces = battle_pack.deploy(encounter, seed, table)
    scenario = battle_pack.scenario("old_world", kind)
    if scenario is None:
        raise SystemExit("The Old World has no scenario")

    def side(name: str, players: range, armies: range) -> PackSide:
        return PackSide.model_validate(
            {
                "side": name,
                "players": [BattlePlayer(number=p, name=f"Player {p}") for p in players],
                "in_full": True,
                "points": 99_995,
                "size": "huge",
                "structure": "city" if name == "defender" else None,
                "armies": [
                    PackArmy.model_validate(
                        {
                            "army_id": a,
                            "tier": 6,
                            "size": "huge",
                            "leads": a == armies[0],
                            "points": 3000,
                            "general_id": 10_000 + a,
                            "battles_fought": 40,
                            "fits": False,
                            "roster": _roster(a, players[0]),
                        }
                    )
                    for a in armies
                ],
            }
        )

    return BattlePack(
        battle_id=encounter.battle_id,
        turn=999,
        q=63,
        r=63,
        your_side=None,
        field=PackField(
            kind=kind,
            battle_kind=encounter.battle_kind,
            terrain=encounter.terrain,
            neighbours=list(encounter.neighbours),
            structure=encounter.structure,
            season=None,
            game_system="old_world",
            table=PackTable(width=table.width, depth=table.depth),
            zones=[PackZone(side="attacker", depth=12), PackZone(side="defender", depth=16)],
            pieces=[
                PackPiece(
                    kind=p.kind, x=p.x, y=p.y, width=p.width, depth=p.depth, rotation=p.rotation
                )
                for p in pieces
            ],
            scenario=PackScenario(name=scenario.name, reference=scenario.reference),
            seed=seed,
        ),
        sides=[
            side("attacker", range(1, 17), range(1, 161)),
            side("defender", range(17, 18), range(161, 171)),
        ],
        stakes=PackStakes(
            attacker_victory=list(battle_pack.stakes(encounter)["attacker_victory"]),
            draw=list(battle_pack.stakes(encounter)["draw"]),
            defender_victory=list(battle_pack.stakes(encounter)["defender_victory"]),
            gold=None,
        ),
        report_path="/campaigns/00000000-0000-0000-0000-000000000000/battles/2147483647",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    started = time.process_time()
    pack = largest_pack()
    document = pack.model_dump(mode="json")
    built = (time.process_time() - started) * 1000
    url = "https://play.example" + pack.report_path
    for language in ("en", "fr"):
        pdf.render(document, language, "a4", url)  # warm: imports, fonts, catalogs
    times = []
    size = 0
    for run in range(args.runs):
        started = time.process_time()
        body = pdf.render(document, "fr" if run % 2 else "en", "a4" if run % 3 else "letter", url)
        times.append((time.process_time() - started) * 1000)
        size = len(body)
    median = statistics.median(times)
    print(
        f"largest battle: {len(pack.sides[0].armies) + len(pack.sides[1].armies)} armies, "
        f"{MAX_UNITS} units each, {len(pack.field.pieces)} terrain pieces"
    )
    print(f"pack document built (engine + read models, not timed as the PDF): {built:.0f} ms CPU")
    print(
        f"PDF ({size:,} bytes, 2 pages): median {median:.1f} ms CPU, max {max(times):.1f} ms "
        f"over {args.runs} runs (target ≤ {TARGET_MS:.0f} ms): "
        f"{'OK' if median <= TARGET_MS else 'OVER'}"
    )


if __name__ == "__main__":
    main()
