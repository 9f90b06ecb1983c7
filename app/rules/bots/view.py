"""What a bot is given (R-BOT-2): its seat's view of the state, never the state itself.

`player_view` cuts a `CampaignState` down to what the seat's player is shown through
`app.rules.visibility`: their own things, whatever stands in their sight and is not concealed
from them (R-FOG-1..3, R-OPT-3), their own treaties, battles and stakes. Tiles they never
explored keep their place on the grid but not their terrain (given as nameless plain: the
movement rules never read an unknown tile's terrain, R-FOG-1). Others' gold, memories and the
campaign's id salt are zeroed. A bot that reads only this cannot act on anything hidden.
"""

from __future__ import annotations

from dataclasses import replace

from app.rules import visibility
from app.rules.state import CampaignState, Player, Storm, Terrain, Tile


def player_view(state: CampaignState, viewer: visibility.Viewer) -> CampaignState:
    """The state as `viewer` (a seat's player, already `visibility.seeing` it) is shown it."""
    seat = viewer.seat
    if seat is None or seat not in state.players:
        raise ValueError("a bot plays a seat of this campaign")
    sight = viewer.sight
    me = state.players[seat]
    known = sight | frozenset(me.explored)
    tiles = {c: t if c in known else Tile(c, Terrain.PLAIN) for c, t in state.map.tiles.items()}
    players = {
        pid: p if pid == seat else Player(pid, p.faction, inactive=p.inactive)
        for pid, p in state.players.items()
    }
    structures = {
        sid: s for sid, s in state.structures.items() if s.owner == seat or s.coord in sight
    }
    armies = {aid: a for aid, a in state.armies.items() if visibility.army_seen(viewer, a)}
    generals = {gid: g for gid, g in state.generals.items() if g.owner == seat or g.held_by == seat}
    ships = {sid: s for sid, s in state.ships.items() if s.owner == seat or s.coord in sight}
    sieges = {sid: s for sid, s in state.sieges.items() if sid in structures}
    treaties = {tid: t for tid, t in state.treaties.items() if seat in (t.a, t.b)}
    battles = {bid: b for bid, b in state.battles.items() if visibility.battle_seen_in(viewer, b)}
    stakes = tuple(s for s in state.stakes if seat in (s.winner, s.loser))
    storms = tuple(Storm(tiles[0], tiles) for tiles in visibility.storms_seen(state.storms, viewer))
    return replace(
        state,
        map=replace(state.map, tiles=tiles),
        players=players,
        structures=structures,
        armies=armies,
        generals=generals,
        ships=ships,
        sieges=sieges,
        treaties=treaties,
        stakes=stakes,
        battles=battles,
        storms=storms,
        next_id=0,
        id_salt=0,
    )
