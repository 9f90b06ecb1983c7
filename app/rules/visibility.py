"""May this viewer see X (R-FOG-1..5, R-OPT-3, R-OPT-5, R-CAMP-13, R-PACK-3): decided here,
and nowhere else.

A `Viewer` is built once per request from the caller's membership (`app.play.campaigns.access`):
their seat (the player number of a seat with a faction; None if they play none), whether they
own the campaign, and whether they are the game master (the owner who does not play, who sees
everything, live, R-FOG-5; an owner who plays sees exactly what their seat sees). Looking at a
state (`seeing`) adds what they see in it: their sight (allies' included, R-FOG-2) and the
armies concealed from them (R-OPT-3). Every read model (the map, tiles, armies, battles,
battle packs, history, replays, pictures, charts, the event stream, notifications, reminders,
the calendar feed, the export) asks the functions below through it.

A spectator (R-CAMP-13) is a viewer of its own kind: no seat, no owner's powers, and a `delay`.
They see one past turn only, `spectated_turn` (the current one less the delay, never live),
through its snapshot: every tile as it stood, like the game master, less everything private —
no army concealed from an outsider (R-OPT-3), no orders, gold, numbers, rosters, battles'
forces, messages, edicts or live events, and of the summaries only the public lines
(`public_summary_line`).

Lists read page by page from SQL take the same decision as plain parameters (`battle_filter`,
`event_filter`), which the services turn into a WHERE clause word for word; tests check those
clauses against `battle_seen` and `event_seen` on random data.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, replace

from app.rules import concealment, fog
from app.rules.fog import Visibility
from app.rules.hexgrid import Coord
from app.rules.ruleset import Ruleset
from app.rules.state import Army, Battle, CampaignState, Event, Storm


@dataclass(frozen=True)
class Viewer:
    """Who looks at a campaign and, once they look at a state (`seeing`), what they see."""

    seat: int | None = None  # the player number they play; None: they play no seat
    owner: bool = False  # the campaign's owner: keeps the owner's powers, sees no more (R-FOG-5)
    game_master: bool = False  # sees everything, live (R-FOG-5)
    sight: frozenset[Coord] = frozenset()  # tiles in sight now, allies' included (R-FOG-2)
    hidden: frozenset[int] = frozenset()  # armies concealed from them (R-OPT-3)
    delay: int | None = None  # a spectator's delay in turns (R-CAMP-13); None: no spectator


def viewer(seat: int | None, *, owner: bool) -> Viewer:
    """The viewer who plays `seat` (None: no seat): the owner without a seat is the game master
    (R-FOG-5)."""
    return Viewer(seat=seat, owner=owner, game_master=owner and seat is None)


def game_master() -> Viewer:
    """The owner who does not play (R-FOG-5)."""
    return viewer(None, owner=True)


def spectator(delay: int) -> Viewer:
    """A public campaign's spectator, `delay` turns late (R-CAMP-13)."""
    if delay < 1:
        raise ValueError("a spectator is at least one turn late (R-CAMP-13)")
    return Viewer(delay=delay)


def is_spectator(v: Viewer) -> bool:
    return v.delay is not None


def after_the_end(v: Viewer, finished: bool) -> Viewer:
    """Once the campaign has ended, replays and charts show everything to everyone."""
    if not finished:
        return v
    return Viewer(seat=None, owner=v.owner, game_master=True)


def plays(v: Viewer, state: CampaignState) -> bool:
    """The viewer holds a seat of this state's game (their sight applies)."""
    return v.seat is not None and v.seat in state.players


def seeing(v: Viewer, state: CampaignState, sight_of: Callable[[int], frozenset[Coord]]) -> Viewer:
    """The viewer looking at `state`: their sight (`sight_of(seat)`, asked for a seat of the
    game only; the game master sees every tile) and the armies concealed from them."""
    if v.game_master:
        return replace(v, sight=frozenset(state.map.tiles), hidden=frozenset())
    if is_spectator(v):
        # Every tile, but not an army whose draw hides it from a player far from it (R-OPT-3).
        return replace(v, sight=frozenset(state.map.tiles), hidden=concealment.concealed(state))
    if v.seat is None or v.seat not in state.players:
        return replace(v, sight=frozenset(), hidden=frozenset())
    return replace(v, sight=sight_of(v.seat), hidden=concealment.hidden_from(state, v.seat))


def seeing_tiles(v: Viewer, sight: frozenset[Coord]) -> Viewer:
    """The viewer with their sight known already (their map document's visible tiles) and no
    army concealed from them (a campaign without concealment, R-OPT-3)."""
    return replace(v, sight=sight, hidden=frozenset())


# ---------------------------------------------------------------------- tiles and armies


def tile_state(v: Viewer, state: CampaignState, coord: Coord) -> Visibility:
    """How a tile appears to the viewer (R-FOG-1): visible in sight (everything, live);
    explored if their seat remembers it (terrain, owner and structures as last seen); else
    unexplored (nothing but its coordinates)."""
    if v.game_master or coord in v.sight:
        return Visibility.VISIBLE
    if v.seat is not None and v.seat in state.players and coord in state.players[v.seat].explored:
        return Visibility.EXPLORED
    return Visibility.UNEXPLORED


def army_seen(v: Viewer, army: Army) -> bool:
    """The viewer is shown the army (R-FOG-1/3, R-OPT-3): their own, or one on a tile in their
    sight that is not concealed from them; every army for the game master."""
    if v.game_master or (v.seat is not None and army.owner == v.seat):
        return True
    return army.coord in v.sight and army.id not in v.hidden


def own_or_master(v: Viewer, owner: int) -> bool:
    """What belongs to one seat alone (its orders, its army lists, its numbers while the
    campaign runs): that seat's player and the game master (R-FOG-3/5)."""
    return v.game_master or (v.seat is not None and v.seat == owner)


# -------------------------------------------------------------------------------- storms


def storm_tiles_seen(storm: Storm, v: Viewer) -> tuple[Coord, ...]:
    """The tiles of a storm the viewer is shown (R-OPT-5): exactly those they see now, never an
    unexplored one (its terrain, sea, would be given away), in the storm's order."""
    if v.game_master:
        return storm.tiles
    return tuple(c for c in storm.tiles if c in v.sight)


def storms_seen(storms: Iterable[Storm], v: Viewer) -> list[tuple[Coord, ...]]:
    """Each storm the viewer sees a tile of, as the tiles they see of it (R-OPT-5)."""
    seen = (storm_tiles_seen(s, v) for s in storms)
    return [tiles for tiles in seen if tiles]


# ------------------------------------------------------------------------------- battles


def _names_concealed(
    players: Collection[int], army_ids: Iterable[int], seat: int | None, hidden: frozenset[int]
) -> bool:
    """A battle not of `seat` that names one of the `hidden` armies (R-OPT-3)."""
    if seat is not None and seat in players:
        return False
    return not hidden.isdisjoint(army_ids)


def battle_concealed(v: Viewer, players: Collection[int], army_ids: Iterable[int]) -> bool:
    """A battle that does not exist for the viewer because it would name an army concealed from
    them (R-OPT-3): the battle reveals its armies to its participants only."""
    return not v.game_master and _names_concealed(players, army_ids, v.seat, v.hidden)


def battle_seen(
    v: Viewer,
    players: Collection[int],
    army_ids: Iterable[int],
    coord: Coord,
    *,
    brought_to_owner: bool = False,
) -> bool:
    """Whether the viewer is told of a battle (R-FOG-3/4/5, R-OPT-3): its participants and the
    game master always; the owner who plays, besides, the battles brought to them to rule on
    (`brought_to_owner`: disputed once, or pending with an inactive player, R-BAT-5) — a
    battle once disputed stays theirs to follow after it is settled; anyone else who sees its
    tile, unless one of its armies is concealed from them (only the count of pending battles
    then, R-FOG-4)."""
    if v.game_master or (v.seat is not None and v.seat in players):
        return True
    if v.owner and brought_to_owner:
        return True
    return coord in v.sight and not battle_concealed(v, players, army_ids)


def battle_seen_in(v: Viewer, battle: Battle, *, brought_to_owner: bool = False) -> bool:
    """`battle_seen` of an engine battle."""
    return battle_seen(
        v,
        battle_players(battle),
        battle_armies(battle),
        battle.coord,
        brought_to_owner=brought_to_owner,
    )


def battle_forces_seen(v: Viewer, players: Collection[int], *, brought_to_owner: bool) -> bool:
    """The forces, stake and reports of a battle (R-FOG-4): its participants, the game master,
    and the owner who may rule on it (R-BAT-5)."""
    return battle_rosters_seen(v, players) or (v.owner and brought_to_owner)


def battle_rosters_seen(v: Viewer, players: Collection[int]) -> bool:
    """The army lists of a battle's armies (R-FOG-4): its participants and the game master; not
    the owner who plays and may arbitrate, nor an onlooker who sees the tile."""
    return v.game_master or (v.seat is not None and v.seat in players)


def pack_seen(v: Viewer, players: Collection[int]) -> bool:
    """A battle's pack (R-PACK-3): its participants and the game master, as its lists; not the
    owner who plays and may arbitrate, nor an onlooker, nor a spectator."""
    return battle_rosters_seen(v, players)


def pack_side_in_full(v: Viewer, side_players: Collection[int]) -> bool:
    """What a pack shows of one side (R-PACK-3): in full (its armies' lists, their fit, its
    generals and their battles) to that side's players and the game master; to the other
    side only what sight gives (its points, each army's tier, a rough size)."""
    return v.game_master or (v.seat is not None and v.seat in side_players)


def battle_names_seen(
    v: Viewer,
    players: Collection[int],
    held_by: Mapping[int, object] | None,
    *,
    over: bool,
    user: object,
) -> bool:
    """Whether the viewer (the user `user`) is told the real names of a battle's sides under
    anonymity (R-CAMP-5): its participants, who meet to play it, and no one else. While it is
    pending, whoever holds one of its seats (`players`) now: they play it. Once it is over, the
    users who held its seats when it closed (`held_by`: seat → user id, None where nobody
    did), never a later holder of one of those seats, and nobody where who held them is not
    known (`held_by` None: closed before holders were kept, or imported). The names are then
    those holders' (`app.play.campaigns.service.BattleNames`); the owner sees every name anyway."""
    if not over:
        return v.seat is not None and v.seat in players
    return held_by is not None and user is not None and user in held_by.values()


def battle_armies(battle: Battle) -> frozenset[int]:
    return frozenset(battle.attacker.army_ids) | frozenset(battle.defender.army_ids)


def battle_players(battle: Battle) -> frozenset[int]:
    return battle.attacker.players | battle.defender.players


def concealed_battles(
    battles: Iterable[Battle], hidden: Mapping[int, Iterable[int]]
) -> dict[int, frozenset[int]]:
    """For each player of `hidden` (army ids concealed from them), the battles concealed from
    them (`battle_concealed`)."""
    battles = tuple(battles)
    out: dict[int, frozenset[int]] = {}
    for pid, armies in hidden.items():
        concealed = frozenset(armies)
        out[pid] = frozenset(
            b.id
            for b in battles
            if _names_concealed(battle_players(b), battle_armies(b), pid, concealed)
        )
    return out


def battle_result_summaries(
    before: CampaignState,
    after: CampaignState,
    events: Iterable[Event],
    battle: Battle,
    ruleset: Ruleset,
) -> dict[int, tuple[Event, ...]]:
    """Each player's view of a battle's consequences (R-FOG-3, R-BAT-7): what they saw before
    or after it, without the tiles of armies concealed from them; the battle (and those it
    cancels) as it stood: one naming an army concealed from a player does not exist for them,
    nor do its consequences (R-OPT-3)."""
    hidden_before = concealment.masks(before)
    return fog.summaries(
        events,
        fog.sights(before, ruleset),
        fog.sights(after, ruleset),
        (hidden_before, concealment.masks(after)),
        concealed_battles({**before.battles, battle.id: battle}.values(), hidden_before),
        cause=battle.id,
    )


@dataclass(frozen=True)
class BattleFilter:
    """`battle_seen` as parameters for SQL: a battle is seen if `everything`, or `seat` is in
    one of its sides, or it was `brought_to_owner` and those are included, or its tile
    is one of `tiles` and it names none of `unless_naming`."""

    everything: bool
    seat: int | None
    brought_to_owner: bool
    tiles: frozenset[Coord]
    unless_naming: frozenset[int]


def battle_filter(v: Viewer) -> BattleFilter:
    """The viewer's `battle_seen`, for a query that pages through battles."""
    return BattleFilter(
        everything=v.game_master,
        seat=v.seat,
        brought_to_owner=v.owner,
        tiles=v.sight,
        unless_naming=v.hidden,
    )


# ------------------------------------------------------------------------- live events


def event_seen(v: Viewer, audience: Collection[int] | None) -> bool:
    """A live event, addressed to `audience` (None: every member), reaches the viewer's stream,
    inbox and personal endpoints (R-FOG-3/5): the game master hears every event; anyone else
    the public ones and those addressed to their seat. An owner who plays is a player here,
    exactly: no event is addressed to the owner's role. A spectator hears none: live is
    never late enough (R-CAMP-13)."""
    if is_spectator(v):
        return False
    if v.game_master or audience is None:
        return True
    return v.seat is not None and v.seat in audience


def event_addressed(v: Viewer, audience: Collection[int] | None) -> bool:
    """The viewer's own seat is among those the event is for (the "awaits you" kinds)."""
    return v.seat is not None and (audience is None or v.seat in audience)


@dataclass(frozen=True)
class EventFilter:
    """`event_seen` as parameters for SQL: every event if `everything`; else the public ones
    (no audience) and, with a `seat`, those whose audience holds it."""

    everything: bool
    seat: int | None


def event_filter(v: Viewer) -> EventFilter:
    """The viewer's `event_seen`, for a query that pages through events."""
    return EventFilter(everything=v.game_master, seat=v.seat)


# ------------------------------------------------------------------- summaries, numbers


def summary_readable(v: Viewer, player: int) -> bool:
    """A seat's turn summaries (R-TURN-5, R-FOG-3): that seat's player and the game master."""
    return own_or_master(v, player)


def numbers_seen(v: Viewer, player: int, finished: bool) -> bool:
    """The parts of a player's score (territories, city levels, armies' tiers, gold) and their
    charts (R-CAMP-4): private while the campaign runs (they tell of what is out of sight),
    shown to everyone once it has ended."""
    return finished or own_or_master(v, player)


def sees_every_seat(v: Viewer, finished: bool) -> bool:
    """A document that shows every seat's state (the export, R-CAMP-9): the game master, and
    any player once the campaign has ended (R-FOG-5); never a spectator (R-CAMP-13)."""
    return not is_spectator(v) and (finished or v.game_master)


# ----------------------------------------------------------------------------- spectators


def spectated_turn(v: Viewer, current: int) -> int | None:
    """The one turn a spectator sees while the campaign plays turn `current` (R-CAMP-13): the
    current one less the delay, as it ended; None while no turn is that old."""
    if v.delay is None:
        return None
    turn = current - v.delay
    return turn if turn >= 1 else None


def spectator_map_seen(v: Viewer, current: int, number: int) -> bool:
    """A spectator reads the map of turn `number` only if it is the spectated turn."""
    return number == spectated_turn(v, current)


def spectator_change_seen(v: Viewer, current: int, number: int) -> bool:
    """A spectator reads the turn change `number` (its date, its public summary) only if it
    came before the spectated turn: the change that ends that turn would tell of the next."""
    spectated = spectated_turn(v, current)
    return spectated is not None and 1 <= number < spectated


# What of a summary line a spectator reads (R-CAMP-13): the structures' changes, which the map
# of a later turn shows anyway, by tile, owner (or builder) and level; nothing of armies (a line
# of an army concealed then would give it away, R-OPT-3), of gold, orders' ids, diplomacy or
# battles' reports.
PUBLIC_SUMMARY_KINDS = frozenset(
    {
        "city_founded",
        "port_built",
        "outpost_built",
        "city_upgraded",
        "structure_captured",
        "structure_abandoned",
        "structure_destroyed",
        "city_level_lost",
        "capital_repulsed",
        "siege_lifted",
    }
)
PUBLIC_SUMMARY_DATA = frozenset({"structure_id", "owner", "player", "level"})


def public_summary_line(v: Viewer, line: Mapping[str, object]) -> dict[str, object] | None:
    """The public part of one player's summary line for a spectator, or None (R-CAMP-13)."""
    if not is_spectator(v) or line.get("kind") not in PUBLIC_SUMMARY_KINDS:
        return None
    data = line.get("data")
    kept = (
        {k: val for k, val in data.items() if k in PUBLIC_SUMMARY_DATA}
        if isinstance(data, Mapping)
        else {}
    )
    return {
        "kind": line["kind"],
        "rule": line.get("rule", ""),
        "coords": line.get("coords") or [],
        "data": kept,
    }


def names_seen(v: Viewer, anonymous: bool) -> bool:
    """A spectator is told the players' names unless anonymity hides them (R-CAMP-5, -13)."""
    return not anonymous
