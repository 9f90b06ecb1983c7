"""Edicts and treaties (R-DIP-2, R-DIP-3): what may be proposed, what an answer does, and
what the turn change does with them.

Decisions the rulebook leaves open, fixed here:

- One edict per player per turn (R-DIP-2); a *withdrawn* edict is like a cancelled order and
  frees the slot, a refused or expired one does not.
- Diplomatic proposals (embassy, pact, alliance) cost `diplomatic_cost`, a trade route
  `trade_cost`, an exploration `exploration_cost`; vassalage offers, prisoner releases and
  gifts cost nothing (the rulebook prices none of them).
- An accepted proposal becomes a treaty at once, with `since_turn` = the next turn: it binds
  from step 5 of this turn's change (R-DIP-3), so it first counts at the change after that
  (trade income, tribute — like everything ordered in a turn, R-ECO-3).
- Relations are ranked embassy < pact < alliance (vassalage counts as an alliance): "an
  embassy or better" is any of them, and proposing what is already in force (or agreed for
  next turn) at that rank or above is refused.
- Releasing a prisoner and a gift act at once (no answer is needed).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from app.rules import fog
from app.rules.hexgrid import Coord
from app.rules.ids import entity_id
from app.rules.kind_texts import kind_text
from app.rules.relations import Relations, in_force, is_hostile
from app.rules.ruleset import Ruleset
from app.rules.state import (
    CampaignState,
    Event,
    EventKind,
    LedgerEntry,
    StructureKind,
    Terrain,
    Treaty,
    TreatyKind,
    Violation,
)
from app.rules.texts import _

RULE = "R-DIP-2"
TREATY_RULE = "R-DIP-3"
GOLD_RULE = "R-ECO-1"


class EdictKind(StrEnum):
    EMBASSY = "embassy"
    PACT = "pact"
    ALLIANCE = "alliance"
    EXPLORATION = "exploration"
    TRADE = "trade"
    VASSALAGE = "vassalage"
    RELEASE_PRISONER = "release_prisoner"
    GIFT = "gift"


class EdictStatus(StrEnum):
    PROPOSED = "proposed"  # a proposal waiting for its answer, this turn
    PENDING = "pending"  # an exploration, acting at the turn change
    ACCEPTED = "accepted"
    REFUSED = "refused"
    WITHDRAWN = "withdrawn"
    EXPIRED = "expired"  # unanswered at the turn change: refunded
    DONE = "done"  # carried out (release, gift at once; exploration at the change)


class VassalOffer(StrEnum):
    BECOME_VASSAL = "become_vassal"  # the sender becomes the recipient's vassal
    DEMAND_VASSAL = "demand_vassal"  # the recipient becomes the sender's vassal


PROPOSALS = frozenset(
    {
        EdictKind.EMBASSY,
        EdictKind.PACT,
        EdictKind.ALLIANCE,
        EdictKind.TRADE,
        EdictKind.VASSALAGE,
    }
)
_OPEN = frozenset({EdictStatus.PROPOSED, EdictStatus.PENDING})

# Rank of a relation: "an embassy or better" is rank ≥ 1 (R-DIP-2).
_RANK = {
    TreatyKind.EMBASSY: 1,
    TreatyKind.PACT: 2,
    TreatyKind.ALLIANCE: 3,
    TreatyKind.VASSALAGE: 3,
}
_PROPOSED_TREATY = {
    EdictKind.EMBASSY: TreatyKind.EMBASSY,
    EdictKind.PACT: TreatyKind.PACT,
    EdictKind.ALLIANCE: TreatyKind.ALLIANCE,
}
# Breaking these adds infamy (R-DIP-3); closing an embassy does not.
_INFAMOUS = frozenset(
    {TreatyKind.PACT, TreatyKind.ALLIANCE, TreatyKind.TRADE, TreatyKind.VASSALAGE}
)


@dataclass(frozen=True, slots=True)
class Edict:
    """One edict of one turn (R-DIP-2)."""

    id: int
    turn: int
    sender: int
    kind: EdictKind
    status: EdictStatus = EdictStatus.PROPOSED
    cost: int = 0  # paid when issued; refunded if refused, withdrawn or expired
    recipient: int | None = None
    target: Coord | None = None  # exploration
    city_id: int | None = None  # trade: the sender's city
    their_city_id: int | None = None  # trade: the recipient's city
    general_id: int | None = None  # release_prisoner
    amount: int = 0  # gift
    offer: VassalOffer | None = None  # vassalage


def _already(kind: EdictKind) -> Violation:
    """The refusal of a treaty the two players already have (or a stronger one)."""
    return Violation(
        RULE,
        _(
            "You already have this treaty ({kind}) or a stronger one with that player.",
            kind=kind_text(kind),
        ),
    )


def _to(edict: Edict) -> int:
    """The recipient of an edict that has one (validated before this is called)."""
    if edict.recipient is None:
        raise ValueError(f"edict #{edict.id} ({edict.kind}) has no recipient")
    return edict.recipient


# --------------------------------------------------------------------------- relations


def _current(t: Treaty, turn: int) -> bool:
    """In force now or agreed to begin at the next change, and not being broken."""
    return t.ends_turn is None and (in_force(t, turn) or t.since_turn > turn)


def relation_rank(state: CampaignState, a: int, b: int, *, agreed: bool = False) -> int:
    """0 none, 1 embassy, 2 pact, 3 alliance or vassalage, by the treaties in force.

    `agreed`: by the treaties in force or agreed for the next turn, leaving out those being
    broken (a proposal may renew what is ending).
    """
    best = 0
    for _key, t in sorted(state.treaties.items()):
        if t.kind not in _RANK or {t.a, t.b} != {a, b}:
            continue
        if _current(t, state.turn) if agreed else in_force(t, state.turn):
            best = max(best, _RANK[t.kind])
    return best


def _route_exists(state: CampaignState, city_a: int, city_b: int) -> bool:
    return any(
        t.kind is TreatyKind.TRADE
        and {t.city_a, t.city_b} == {city_a, city_b}
        and _current(t, state.turn)
        for t in state.treaties.values()
    )


def _vassalage_exists(state: CampaignState, a: int, b: int) -> bool:
    return any(
        t.kind is TreatyKind.VASSALAGE and {t.a, t.b} == {a, b} and _current(t, state.turn)
        for t in state.treaties.values()
    )


# ------------------------------------------------------------------------------ issuing


def edict_cost(kind: EdictKind, ruleset: Ruleset) -> int:
    """Gold paid when the edict is issued (R-DIP-2)."""
    dip = ruleset.diplomacy
    if kind in _PROPOSED_TREATY:
        return dip.diplomatic_cost
    if kind is EdictKind.EXPLORATION:
        return dip.exploration_cost
    if kind is EdictKind.TRADE:
        return dip.trade_cost
    return 0


def gift_limit(state: CampaignState, player: int, ruleset: Ruleset) -> int:
    """The most a player may give this turn: a share of their treasury, rounded down."""
    return state.players[player].gold * ruleset.diplomacy.gift_max_pct // 100


def known_city_owner(
    state: CampaignState, viewer: int, city_id: int, visible: frozenset[Coord]
) -> int | None:
    """The owner of another player's city as the viewer knows it, or None (R-FOG-3).

    The viewer knows a city they see now, or one their explored memory shows as that owner's
    city on that tile: the answer never depends on anything hidden.
    """
    city = state.structures.get(city_id)
    if city is None or city.kind is not StructureKind.CITY:
        return None
    if city.coord in visible:
        return city.owner
    seen = state.players[viewer].explored.get(city.coord)
    if seen is not None and seen.structure is StructureKind.CITY and seen.owner == city.owner:
        return city.owner
    return None


def edicts_issued(edicts: Iterable[Edict], player: int, turn: int) -> list[Edict]:
    """The player's edicts of this turn that use the turn's one edict (R-DIP-2)."""
    return [
        e
        for e in edicts
        if e.sender == player and e.turn == turn and e.status is not EdictStatus.WITHDRAWN
    ]


def validate_edict(
    state: CampaignState,
    edicts: Sequence[Edict],
    edict: Edict,
    visible: frozenset[Coord],
    ruleset: Ruleset,
) -> list[Violation]:
    """Every reason to refuse this edict now; empty if it may be issued (R-DIP-2)."""
    sender = edict.sender
    if edicts_issued(edicts, sender, state.turn):
        return [Violation(RULE, _("You have already issued your edict this turn."))]
    out: list[Violation] = []
    recipient = edict.recipient
    # A route's partner is the owner of its city, checked with the city.
    needs_recipient = edict.kind not in (
        EdictKind.EXPLORATION,
        EdictKind.RELEASE_PRISONER,
        EdictKind.TRADE,
    )
    if needs_recipient:
        if recipient == sender:
            return [Violation(RULE, _("An edict cannot be addressed to yourself."))]
        if recipient is None or recipient not in state.players:
            return [Violation(RULE, _("No such player in this campaign."))]
    match edict.kind:
        case EdictKind.EMBASSY | EdictKind.PACT | EdictKind.ALLIANCE:
            wanted = _RANK[_PROPOSED_TREATY[edict.kind]]
            if relation_rank(state, sender, _to(edict), agreed=True) >= wanted:
                out.append(_already(edict.kind))
        case EdictKind.EXPLORATION:
            out += _check_exploration(state, sender, edict.target, ruleset)
        case EdictKind.TRADE:
            out += _check_trade(state, edict, visible)
        case EdictKind.VASSALAGE:
            if edict.offer is None:
                out.append(Violation(RULE, _("A vassalage edict needs an offer.")))
            elif _vassalage_exists(state, sender, _to(edict)):
                out.append(Violation(RULE, _("A vassalage already binds you to this player.")))
        case EdictKind.RELEASE_PRISONER:
            g = state.generals.get(edict.general_id) if edict.general_id is not None else None
            if g is None or g.held_by != sender:
                out.append(Violation("R-ARMY-2", _("You hold no such prisoner.")))
        case EdictKind.GIFT:
            limit = gift_limit(state, sender, ruleset)
            if edict.amount < 1 or edict.amount > limit:
                pct = ruleset.diplomacy.gift_max_pct
                out.append(
                    Violation(
                        RULE,
                        _(
                            "A gift is 1 to {limit} gold ({pct} % of your treasury).",
                            limit=limit,
                            pct=pct,
                        ),
                    )
                )
    if out:
        return out
    if state.players[sender].gold < edict.cost:
        gold = state.players[sender].gold
        return [
            Violation(
                GOLD_RULE,
                _(
                    "Not enough gold: this edict costs {cost} and you have {gold}.",
                    cost=edict.cost,
                    gold=gold,
                ),
            )
        ]
    return []


def _check_exploration(
    state: CampaignState, sender: int, target: Coord | None, ruleset: Ruleset
) -> list[Violation]:
    reach = ruleset.diplomacy.exploration_range
    if target is None or target not in state.map.tiles:
        return [Violation(RULE, _("The tile to explore is not on the map."))]
    grid = state.map.grid
    own = [s.coord for _, s in sorted(state.structures.items()) if s.owner == sender]
    if not any(grid.distance(c, target) <= reach for c in own):
        return [
            Violation(
                RULE, _("The tile must lie within {reach} tiles of your territory.", reach=reach)
            )
        ]
    return []


def _check_trade(state: CampaignState, edict: Edict, visible: frozenset[Coord]) -> list[Violation]:
    mine = state.structures.get(edict.city_id) if edict.city_id is not None else None
    if mine is None or mine.owner != edict.sender or mine.kind is not StructureKind.CITY:
        return [Violation(RULE, _("The route must start from one of your cities."))]
    partner = edict.recipient
    their = edict.their_city_id
    if (
        their is None
        or partner is None
        or partner == edict.sender
        or known_city_owner(state, edict.sender, their, visible) != partner
    ):
        return [Violation(RULE, _("The route must end at another player's city that you know."))]
    if relation_rank(state, edict.sender, partner) < 1:
        return [Violation(RULE, _("A trade route needs an embassy or better with that player."))]
    if _route_exists(state, mine.id, their):
        return [Violation(RULE, _("A trade route already joins these cities."))]
    return []


# ------------------------------------------------------------------------------ answering


def validate_answer(
    state: CampaignState, edict: Edict, player: int, accept: bool
) -> list[Violation]:
    """Whether `player` may accept (or refuse) the proposal now (R-DIP-2)."""
    if edict.kind not in PROPOSALS:
        return [Violation(RULE, _("This edict needs no answer."))]
    if edict.sender == player:
        return [Violation(RULE, _("You cannot answer your own proposal."))]
    if edict.turn != state.turn or edict.status is not EdictStatus.PROPOSED:
        return [
            Violation(
                RULE,
                _("This proposal is {status}; it can no longer be answered.", status=edict.status),
            )
        ]
    if not accept:
        return []
    recipient = _to(edict)
    if edict.kind in _PROPOSED_TREATY:
        wanted = _RANK[_PROPOSED_TREATY[edict.kind]]
        if relation_rank(state, edict.sender, recipient, agreed=True) >= wanted:
            return [_already(edict.kind)]
    if edict.kind is EdictKind.VASSALAGE and _vassalage_exists(state, edict.sender, recipient):
        return [Violation(RULE, _("A vassalage already binds you to this player."))]
    if edict.kind is EdictKind.TRADE:
        a = state.structures.get(edict.city_id or 0)
        b = state.structures.get(edict.their_city_id or 0)
        if a is None or b is None or a.owner != edict.sender or b.owner != recipient:
            return [Violation(RULE, _("One of the route's cities changed hands."))]
        if _route_exists(state, a.id, b.id):
            return [Violation(RULE, _("A trade route already joins these cities."))]
    return []


def treaty_for(state: CampaignState, edict: Edict) -> Treaty:
    """The treaty an accepted proposal makes; it begins at this turn's change (R-DIP-3)."""
    recipient = _to(edict)
    since = state.turn + 1
    tid = entity_id(state.id_salt, state.next_id)
    if edict.kind is EdictKind.TRADE:
        return Treaty(
            tid,
            TreatyKind.TRADE,
            edict.sender,
            recipient,
            since,
            city_a=edict.city_id,
            city_b=edict.their_city_id,
        )
    if edict.kind is EdictKind.VASSALAGE:
        if edict.offer is VassalOffer.BECOME_VASSAL:
            return Treaty(tid, TreatyKind.VASSALAGE, edict.sender, recipient, since)
        return Treaty(tid, TreatyKind.VASSALAGE, recipient, edict.sender, since)
    return Treaty(tid, _PROPOSED_TREATY[edict.kind], edict.sender, recipient, since)


def accept(state: CampaignState, edict: Edict) -> CampaignState:
    """The state with the accepted proposal's treaty added (ids from `next_id`)."""
    treaty = treaty_for(state, edict)
    return replace(
        state,
        treaties={**state.treaties, treaty.id: treaty},
        next_id=state.next_id + 1,
    )


def refund(edict: Edict, why: str) -> list[LedgerEntry]:
    """The ledger line that gives an edict's cost back to its sender (`why`: a `_()` text)."""
    reason = _("edict #{id} {why}: refund", id=edict.id, why=why)
    return [LedgerEntry(edict.sender, edict.cost, reason, RULE)]


# --------------------------------------------------------------------- immediate edicts


def release_prisoner(state: CampaignState, general_id: int) -> CampaignState:
    """The prisoner returns free to its owner (R-ARMY-2)."""
    g = state.generals[general_id]
    freed = replace(g, army_id=None, held_by=None)
    return replace(state, generals={**state.generals, general_id: freed})


def gift_lines(edict: Edict) -> list[LedgerEntry]:
    """A gift: one line on each side (R-ECO-6)."""
    recipient = _to(edict)
    return [
        LedgerEntry(
            edict.sender, -edict.amount, _("gift to player {player}", player=recipient), RULE
        ),
        LedgerEntry(
            recipient, edict.amount, _("gift from player {player}", player=edict.sender), RULE
        ),
    ]


# ------------------------------------------------------------------------------- breaking


def validate_break(state: CampaignState, treaty_id: int, player: int) -> list[Violation]:
    """A party may break a treaty not already being broken (R-DIP-3)."""
    t = state.treaties[treaty_id]
    if player not in (t.a, t.b):
        return [Violation(TREATY_RULE, _("You are not a party to this treaty."))]
    if t.ends_turn is not None:
        return [
            Violation(TREATY_RULE, _("This treaty already ends at turn {turn}.", turn=t.ends_turn))
        ]
    return []


def break_treaty(
    state: CampaignState, treaty_id: int, player: int, ruleset: Ruleset
) -> CampaignState:
    """It ends at the next change; breaking anything but an embassy adds infamy (R-DIP-3)."""
    t = state.treaties[treaty_id]
    ended = replace(t, ends_turn=state.turn + 1)
    players = dict(state.players)
    if t.kind in _INFAMOUS:
        p = players[player]
        players[player] = replace(p, infamy=p.infamy + ruleset.diplomacy.infamy_per_break)
    return replace(state, treaties={**state.treaties, treaty_id: ended}, players=players)


# ------------------------------------------------------------------- the turn change, step 5


def closing_status(edict: Edict) -> EdictStatus | None:
    """What the turn change makes of an open edict of that turn (None: nothing)."""
    if edict.status is EdictStatus.PROPOSED:
        return EdictStatus.EXPIRED
    if edict.status is EdictStatus.PENDING:
        return EdictStatus.DONE
    return None


@dataclass(frozen=True)
class Settlement:
    state: CampaignState
    ledger: tuple[LedgerEntry, ...]
    events: tuple[Event, ...]


def settle(
    before: CampaignState, after: CampaignState, edicts: Sequence[Edict], ruleset: Ruleset
) -> Settlement:
    """R-TURN-4 step 5 for diplomacy, once the turn number has increased.

    `before` is the state of the turn that ends (treaties as they were), `after` the new turn's
    state. In order: trade routes whose city fell end; unanswered proposals expire with a
    refund; explorations act; armies on the territory of a player who became hostile withdraw.
    """
    events: list[Event] = []
    ledger: list[LedgerEntry] = []
    state = _end_fallen_routes(after, events)
    for e in sorted(edicts, key=lambda e: e.id):
        if e.turn != before.turn:
            continue
        if e.status is EdictStatus.PROPOSED:
            lines = refund(e, _("expired"))
            ledger += [x for x in lines if x.amount]
            players = frozenset(p for p in (e.sender, e.recipient) if p is not None)
            events.append(
                Event(
                    EventKind.EDICT_EXPIRED, RULE, players, data={"edict_id": e.id, "kind": e.kind}
                )
            )
        elif e.status is EdictStatus.PENDING and e.target is not None:
            radius = ruleset.diplomacy.exploration_radius
            tiles = state.map.grid.within(e.target, radius)
            explorer = fog.explore(state, e.sender, tiles)
            state = replace(state, players={**state.players, e.sender: explorer})
            events.append(
                Event(EventKind.EXPLORED, RULE, frozenset({e.sender}), data={"edict_id": e.id})
            )
    gold = {pid: p.gold for pid, p in state.players.items()}
    for line in ledger:
        gold[line.player] += line.amount
    state = replace(
        state,
        players={pid: replace(p, gold=gold[pid]) for pid, p in sorted(state.players.items())},
    )
    events += _treaty_events(before, state)
    state, withdrawn = withdraw_newly_hostile(before, state)
    events += withdrawn
    return Settlement(state, tuple(ledger), tuple(events))


def _end_fallen_routes(state: CampaignState, events: list[Event]) -> CampaignState:
    """A trade route whose city fell or was razed ends for good (R-DIP-2), without infamy."""
    kept = {}
    for tid, t in sorted(state.treaties.items()):
        if t.kind is TreatyKind.TRADE:
            a = state.structures.get(t.city_a or 0)
            b = state.structures.get(t.city_b or 0)
            if a is None or b is None or a.owner != t.a or b.owner != t.b:
                events.append(
                    Event(
                        EventKind.TRADE_ROUTE_LOST,
                        RULE,
                        frozenset({t.a, t.b}),
                        data={"treaty_id": tid},
                    )
                )
                continue
        kept[tid] = t
    return replace(state, treaties=kept)


def _treaty_events(before: CampaignState, after: CampaignState) -> list[Event]:
    out: list[Event] = []
    for tid, t in sorted(before.treaties.items()):
        if tid not in after.treaties and t.ends_turn is not None:
            out.append(
                Event(
                    EventKind.TREATY_ENDED,
                    TREATY_RULE,
                    frozenset({t.a, t.b}),
                    data={"treaty_id": tid, "kind": t.kind},
                )
            )
    for tid, t in sorted(after.treaties.items()):
        if t.since_turn == after.turn:
            out.append(
                Event(
                    EventKind.TREATY_BEGAN,
                    TREATY_RULE,
                    frozenset({t.a, t.b}),
                    data={"treaty_id": tid, "kind": t.kind},
                )
            )
    return out


def withdraw_newly_hostile(
    before: CampaignState, after: CampaignState
) -> tuple[CampaignState, list[Event]]:
    """R-DIP-3: an army on the territory of a player who became hostile withdraws.

    It goes to the nearest land tile that is its owner's or neutral and holds no hostile
    force; at equal distance its owner's tiles come first, then the lowest coordinates.
    An army with nowhere to go stays.
    """
    players = frozenset(after.players)
    now, then = Relations.of(after), Relations.of(before)
    # Only the pairs at peace before can become hostile: those of the treaties, not every pair.
    became = {
        (a, b)
        for a, b in then.allied | then.pacts
        if a != b and a in players and b in players and now.is_hostile(a, b)
    }
    if not became:
        return after, []
    state = after
    held = fog.structures_by_coord(state)
    events: list[Event] = []
    for aid, army in sorted(after.armies.items()):
        site = held.get(army.coord)
        if site is None or (army.owner, site.owner) not in became:
            continue
        dest = _withdrawal_tile(state, army.owner, army.coord)
        if dest is None:
            continue
        state = replace(state, armies={**state.armies, aid: replace(army, coord=dest)})
        events.append(
            Event(
                EventKind.ARMY_WITHDREW,
                TREATY_RULE,
                frozenset({army.owner, site.owner}),
                (army.coord, dest),
                {"army_id": aid, "from": army.coord, "to": dest},
            )
        )
    return state, events


def _withdrawal_tile(state: CampaignState, owner: int, start: Coord) -> Coord | None:
    grid = state.map.grid
    held = fog.structures_by_coord(state)
    hostile_at = {
        a.coord
        for a in state.armies.values()
        if a.owner != owner and is_hostile(state, owner, a.owner)
    }
    for radius in range(1, max(state.map.width, state.map.height) + 1):
        ring = grid.ring(start, radius)
        if not ring:
            break
        ok = [
            c
            for c in ring
            if state.map.tiles[c].terrain is not Terrain.SEA
            and c not in hostile_at
            and (c not in held or held[c].owner == owner)
        ]
        if ok:
            return min(ok, key=lambda c: (c not in held, c))
    return None
