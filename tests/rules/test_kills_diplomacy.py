"""Edicts and treaties (R-DIP-2, R-DIP-3): the scenarios mutation testing found untested.

Each one kills mutants of app/rules/diplomacy.py that left every other rule test green
(docs/mutation.md); each asserts the whole answer.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.rules import diplomacy
from app.rules.diplomacy import EdictKind, VassalOffer, relation_rank
from app.rules.state import (
    CampaignState,
    Event,
    EventKind,
    SeenTile,
    Structure,
    StructureKind,
    Violation,
)
from tests.rules.builders import army, city, general, make_map, make_state, outpost, player, treaty
from tests.rules.test_diplomacy import CAPITALS, RULES, _check, _edict, _state

ALREADY_VASSAL = Violation("R-DIP-2", "A vassalage already binds you to this player.")
ROUTE_EXISTS = Violation("R-DIP-2", "A trade route already joins these cities.")


def test_R_DIP_2_relation_rank_counts_only_this_pair_s_treaties() -> None:
    """R-DIP-2: embassy 1, pact 2, alliance and vassalage 3; other pairs and routes count not."""
    s = _state(
        treaties=[
            treaty(39, "trade", 1, 2, city_a=10, city_b=11),
            treaty(40, "alliance", 1, 3),
            treaty(41, "embassy", 2, 1),
            treaty(42, "vassalage", 3, 2),
        ]
    )
    assert [relation_rank(s, a, b) for a, b in [(1, 2), (2, 1), (1, 3), (2, 3), (3, 3)]] == [
        1,
        1,
        3,
        3,
        0,
    ]


def test_R_DIP_2_relation_rank_agreed_counts_next_turn_s_treaties_not_broken_ones() -> None:
    """R-DIP-3: a treaty agreed this turn binds from the next; one being broken binds until then."""
    s = _state(
        treaties=[treaty(40, "pact", 1, 2, since_turn=4), treaty(41, "alliance", 1, 3, ends_turn=4)]
    )
    assert [relation_rank(s, 1, 2), relation_rank(s, 1, 2, agreed=True)] == [0, 2]
    assert [relation_rank(s, 1, 3), relation_rank(s, 1, 3, agreed=True)] == [3, 0]


def test_R_DIP_2_a_trade_route_needs_an_embassy_in_force_not_one_agreed() -> None:
    """R-DIP-2: an embassy agreed this turn (binding from the next) does not open trade yet."""
    remembered = {(9, 0): SeenTile(1, 2, StructureKind.CITY, 1)}
    s = _state(treaties=[treaty(40, "embassy", 1, 2, since_turn=4)])
    s = replace(s, players={**s.players, 1: replace(s.players[1], explored=remembered)})
    route = _edict(EdictKind.TRADE, recipient=2, city_id=10, their_city_id=11)
    assert _check(s, route) == [
        Violation("R-DIP-2", "A trade route needs an embassy or better with that player.")
    ]
    assert _check(replace(s, turn=4), replace(route, turn=4)) == []


def test_R_DIP_2_one_trade_route_per_pair_of_cities() -> None:
    """R-DIP-2: a route already joining these two cities (either way round) is refused; a route
    between other cities, or one being broken, does not stand in the way."""
    route = _edict(EdictKind.TRADE, recipient=2, city_id=10, their_city_id=11)
    remembered = {(9, 0): SeenTile(1, 2, StructureKind.CITY, 1)}
    base = _state(
        structures=[*CAPITALS, city(12, 1, (0, 2)), city(13, 2, (9, 2))],
        treaties=[treaty(40, "embassy", 1, 2)],
    )
    base = replace(base, players={**base.players, 1: replace(base.players[1], explored=remembered)})

    def with_route(a: int, b: int, ends_turn: int | None = None) -> CampaignState:
        t = treaty(41, "trade", 1, 2, city_a=a, city_b=b, ends_turn=ends_turn)
        return replace(base, treaties={**base.treaties, 41: t})

    assert _check(base, route) == []
    assert _check(with_route(10, 11), route) == [ROUTE_EXISTS]
    assert _check(with_route(11, 10), route) == [ROUTE_EXISTS]
    assert _check(with_route(12, 11), route) == []
    assert _check(with_route(10, 13), route) == []
    assert _check(with_route(10, 11, ends_turn=4), route) == []


def test_R_DIP_2_a_vassalage_edict_needs_an_offer_and_no_vassalage_in_place() -> None:
    """R-DIP-2: no offer, or a vassalage binding (or agreed) between the two: refused; a
    vassalage with someone else, an alliance, or one being broken: no obstacle."""
    offer = _edict(EdictKind.VASSALAGE, recipient=2, offer=VassalOffer.DEMAND_VASSAL)
    assert _check(_state(), replace(offer, offer=None)) == [
        Violation("R-DIP-2", "A vassalage edict needs an offer.")
    ]
    assert _check(_state(), offer) == []
    assert _check(_state(treaties=[treaty(40, "vassalage", 2, 1)]), offer) == [ALREADY_VASSAL]
    agreed = _state(treaties=[treaty(40, "vassalage", 1, 2, since_turn=4)])
    assert _check(agreed, offer) == [ALREADY_VASSAL]
    assert _check(_state(treaties=[treaty(40, "vassalage", 1, 3)]), offer) == []
    assert _check(_state(treaties=[treaty(40, "alliance", 1, 2)]), offer) == []
    assert _check(_state(treaties=[treaty(40, "vassalage", 1, 2, ends_turn=4)]), offer) == []


def test_R_DIP_2_a_gift_is_1_to_a_quarter_of_the_treasury_rounded_down() -> None:
    """R-DIP-2: 100 gold allow gifts of 1 to 25; 0 and 26 are refused."""
    s = _state(gold1=100)
    gifts = [_edict(EdictKind.GIFT, recipient=2, amount=n) for n in (0, 1, 25, 26)]
    refused = [Violation("R-DIP-2", "A gift is 1 to 25 gold (25 % of your treasury).")]
    assert [_check(s, g) for g in gifts] == [refused, [], [], refused]
    assert diplomacy.gift_limit(_state(gold1=203), 1, RULES) == 50


def test_R_ECO_1_exactly_the_cost_in_gold_is_enough() -> None:
    assert _check(_state(gold1=2), _edict(EdictKind.EMBASSY, recipient=2)) == []


def test_R_DIP_2_an_edict_without_a_recipient_where_one_is_needed_is_a_programming_error() -> None:
    gift = replace(_edict(EdictKind.GIFT, amount=1), id=7)
    with pytest.raises(ValueError, match=r"^edict #7 \(gift\) has no recipient$"):
        diplomacy.gift_lines(gift)


def test_R_ARMY_2_a_released_prisoner_is_free_of_any_army() -> None:
    s = _state(generals=[general(30, 1, 20), general(32, 2, 22), general(33, 2, 21, held_by=1)])
    after = diplomacy.release_prisoner(s, 33)
    assert after == replace(s, generals={**s.generals, 33: general(33, 2)})


# ------------------------------------------------------------------------------ answering


def _answer(s: CampaignState, e: diplomacy.Edict, accept: bool = True) -> list[Violation]:
    return diplomacy.validate_answer(s, replace(e, id=50), 2, accept)


def test_R_DIP_2_only_proposals_are_answered() -> None:
    for kind, extra in [
        (EdictKind.GIFT, {"amount": 1}),
        (EdictKind.EXPLORATION, {"target": (1, 0)}),
        (EdictKind.RELEASE_PRISONER, {"general_id": 33}),
    ]:
        e = _edict(kind, recipient=2, **extra)  # type: ignore[arg-type]
        assert _answer(_state(), e) == [Violation("R-DIP-2", "This edict needs no answer.")]
        assert _answer(_state(), e, accept=False) == [
            Violation("R-DIP-2", "This edict needs no answer.")
        ]


def test_R_DIP_2_accepting_what_already_binds_is_refused_refusing_is_always_possible() -> None:
    """R-DIP-2: accepting a proposal made moot since (a treaty of that rank or above in force or
    agreed for the next turn) is refused; a refusal needs nothing."""
    pact = _edict(EdictKind.PACT, recipient=2)
    moot = [
        Violation(
            "R-DIP-2", "You already have this treaty (pact) or a stronger one with that player."
        )
    ]
    in_force = _state(treaties=[treaty(40, "pact", 1, 2)])
    agreed = _state(treaties=[treaty(40, "alliance", 2, 1, since_turn=4)])
    weaker = _state(treaties=[treaty(40, "embassy", 1, 2)])
    other_pair = _state(treaties=[treaty(40, "alliance", 1, 3)])
    assert [_answer(s, pact) for s in (in_force, agreed, weaker, other_pair)] == [
        moot,
        moot,
        [],
        [],
    ]
    assert [_answer(s, pact, accept=False) for s in (in_force, agreed)] == [[], []]


def test_R_DIP_2_accepting_a_vassalage_when_one_already_binds_is_refused() -> None:
    offer = _edict(EdictKind.VASSALAGE, recipient=2, offer=VassalOffer.BECOME_VASSAL)
    bound = _state(treaties=[treaty(40, "vassalage", 2, 1, since_turn=4)])
    assert _answer(bound, offer) == [ALREADY_VASSAL]
    assert _answer(bound, offer, accept=False) == []
    assert _answer(_state(treaties=[treaty(40, "alliance", 1, 2)]), offer) == []


def test_R_DIP_2_accepting_a_route_whose_city_changed_hands_or_that_exists_is_refused() -> None:
    """R-DIP-2: both cities must still be the two players' own, and not yet joined."""
    route = _edict(EdictKind.TRADE, recipient=2, city_id=10, their_city_id=11)
    changed = [Violation("R-DIP-2", "One of the route's cities changed hands.")]
    fine = _state()
    assert _answer(fine, route) == []
    mine_lost = _state(structures=[city(10, 3, (0, 0)), CAPITALS[1]])
    theirs_lost = _state(structures=[CAPITALS[0], city(11, 3, (9, 0))])
    mine_razed = _state(structures=[CAPITALS[1]])
    theirs_razed = _state(structures=[CAPITALS[0]])
    assert [_answer(s, route) for s in (mine_lost, theirs_lost, mine_razed, theirs_razed)] == [
        changed,
        changed,
        changed,
        changed,
    ]
    joined = _state(treaties=[treaty(40, "trade", 2, 1, city_a=11, city_b=10, since_turn=4)])
    assert _answer(joined, route) == [ROUTE_EXISTS]
    elsewhere = _state(treaties=[treaty(40, "trade", 1, 2, city_a=10, city_b=99)])
    assert _answer(elsewhere, route) == []


# ------------------------------------------------------------------------------- withdrawal

# One row: player 1's army on player 2's outpost at (0,0) must withdraw once their alliance ends.
ROW = make_map([".......", "~~~~~~~"])


def _withdrawal(*others: tuple[str, int, tuple[int, int]]) -> tuple[int, int] | None:
    """Where army 21 goes; `others`: ("outpost" | "army", owner, coord) around it."""
    structures = [outpost(12, 2, (0, 0))]
    armies = [army(21, 1, (0, 0), general_id=31)]
    for n, (kind, owner, coord) in enumerate(others, start=50):
        if kind == "outpost":
            structures.append(outpost(n, owner, coord))
        else:
            armies.append(army(n, owner, coord))
    players = [player(1), player(2, "warriors_of_chaos"), player(3, "dwarfs")]
    friends = [treaty(40, "alliance", 1, 3)]
    before = make_state(
        ROW, players, structures, armies, treaties=[*friends, treaty(41, "alliance", 1, 2)], turn=3
    )
    after = make_state(ROW, players, structures, armies, treaties=friends, turn=4)
    state, events = diplomacy.withdraw_newly_hostile(before, after)
    assert [e.kind for e in events] == ([EventKind.ARMY_WITHDREW] if events else [])
    return None if not events else state.armies[21].coord


def test_R_DIP_3_withdrawal_skips_hostile_armies_and_foreign_sites_not_allies() -> None:
    """R-DIP-3: the nearest land tile with no hostile force and no one else's site; an ally's army
    is no obstacle; at equal distance an own site comes first, then the lowest coordinates."""
    assert _withdrawal() == (1, 0)
    assert _withdrawal(("army", 2, (1, 0))) == (2, 0)
    assert _withdrawal(("army", 3, (1, 0))) == (1, 0)
    assert _withdrawal(("outpost", 2, (1, 0))) == (2, 0)
    assert _withdrawal(("outpost", 1, (1, 0))) == (1, 0)


def test_R_DIP_3_withdrawal_prefers_an_own_site_at_equal_distance() -> None:
    """R-DIP-3: from (1,0), (0,0) and (2,0) are both one tile away; the own outpost wins even
    with the higher coordinates, else the lowest coordinates."""
    m = make_map(["...", "~~~"])
    players = [player(1), player(2, "warriors_of_chaos")]
    armies = [army(21, 1, (1, 0), general_id=31)]

    def went(structures: list[Structure]) -> Event:
        before = make_state(m, players, structures, armies, treaties=[treaty(41, "pact", 1, 2)])
        after = make_state(m, players, structures, armies, turn=2)
        return diplomacy.withdraw_newly_hostile(before, after)[1][0]

    site = outpost(12, 2, (1, 0))
    assert went([site, outpost(13, 1, (2, 0))]).data["to"] == (2, 0)
    assert went([site]).data["to"] == (0, 0)


def test_R_DIP_3_withdrawal_reaches_the_far_end_of_the_map() -> None:
    """R-DIP-3: the only free tile lies 5 tiles away on a map 6 wide: the army goes there."""
    m = make_map(["......", "~~~~~~"])
    players = [player(1), player(2, "warriors_of_chaos")]
    structures = [outpost(10 + q, 2, (q, 0)) for q in range(5)]
    armies = [army(21, 1, (0, 0), general_id=31)]
    before = make_state(m, players, structures, armies, treaties=[treaty(41, "pact", 1, 2)])
    after = make_state(m, players, structures, armies, turn=2)
    state, events = diplomacy.withdraw_newly_hostile(before, after)
    assert events == [
        Event(
            EventKind.ARMY_WITHDREW,
            "R-DIP-3",
            frozenset({1, 2}),
            ((0, 0), (5, 0)),
            {"army_id": 21, "from": (0, 0), "to": (5, 0)},
        )
    ]
    assert state == replace(after, armies={21: replace(armies[0], coord=(5, 0))})
