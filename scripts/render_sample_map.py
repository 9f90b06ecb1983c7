"""Draw docs/sample-map.svg: player 1's map picture in a sample campaign.

The campaign is `sample_campaign.sample_state` (a generated 16 × 16 map, 5 players with 4
armies each) after three turns of random marches; player 3 then orders new marches, drawn as
arrows. The picture is what `GET …/map.svg` answers player 3 in that situation: their fog
(explored tiles dimmed, unexplored blank), what they see live, the pending battles they see.
`--check` exits 1 if the committed picture differs from a fresh drawing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import cast

from app.play.campaigns.access import Membership
from app.play.pictures.svg import MapPicture, map_svg
from app.play.world.service import View, world_map
from app.rules import fog, visibility
from app.rules.resolve import resolve_turn
from bench.sample_campaign import random_walks, sample_ruleset, sample_state

OUTPUT = Path(__file__).resolve().parents[1] / "docs" / "sample-map.svg"
SIZE, PLAYERS, ARMIES_EACH, SEED, TURNS, VIEWER = 16, 5, 4, 1, 3, 3


def render() -> str:
    """The sample picture, the same on every run (seeded campaign, no clock)."""
    ruleset = sample_ruleset(PLAYERS)
    state = sample_state(SIZE, PLAYERS, ARMIES_EACH, seed=SEED)
    for turn in range(TURNS):
        state = resolve_turn(state, random_walks(state, seed=11 + turn), ruleset).state
    orders = random_walks(state, seed=99, steps=2)
    viewer = visibility.seeing(
        visibility.viewer(VIEWER, owner=False), state, lambda seat: fog.sight(state, seat, ruleset)
    )
    # world_map reads the state, the orders and the sight only; no membership is needed here.
    view = View(cast(Membership, None), state, orders, ruleset, viewer)
    moves = [
        (state.armies[army_id].coord, move.path)
        for army_id, move in sorted(orders.moves.items())
        if state.armies[army_id].owner == VIEWER
    ]
    battles = [b.coord for b in state.battles.values() if visibility.battle_seen_in(viewer, b)]
    picture = MapPicture(
        world=world_map(view),
        viewer=VIEWER,
        moves=moves,
        battles=battles,
        pending_battles=len(state.battles),
        caption=f"Turn {state.turn}: player {VIEWER}'s map",
    )
    return map_svg(picture)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args()
    drawn = render()
    if args.check:
        same = OUTPUT.exists() and OUTPUT.read_text(encoding="utf-8") == drawn
        sys.stdout.write(f"{OUTPUT}: {'up to date' if same else 'STALE'}\n")
        return 0 if same else 1
    OUTPUT.write_text(drawn, encoding="utf-8")
    sys.stdout.write(f"wrote {OUTPUT}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
