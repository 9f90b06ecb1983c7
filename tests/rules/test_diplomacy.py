"""Edicts and treaties (R-DIP-2, R-DIP-3), scenario by scenario, whole results asserted."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest

from app.rules import diplomacy, fog
from app.rules.diplomacy import (
    Edict,
    EdictKind,
    EdictStatus,
    Settlement,
    VassalOffer,
    relation_rank,
)
from app.rules.hexgrid import Coord
from app.rules.relations import is_hostile
from app.rules.resolve import resolve_turn
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Army,
    CampaignState,
    Event,
    EventKind,
    General,
    LedgerEntry,
    SeenTile,
    Structure,
    StructureKind,
    Treaty,
    TreatyKind,
    TurnOrders,
    Violation,
)
from tests.factories.engine import (
    army,
    city,
    general,
    make_map,
    make_state,
    outpost,
    player,
    treaty,
)

RULES = default_ruleset()
NO = TurnOrders()

# Row 0 is (0,0)…(9,0); the capitals stand 9 tiles apart, out of each other's sight.
MAP = make_map(["C........C", "..........", ".........."])


CAPITALS = (city(10, 1, (0, 0), capital=True), city(11, 2, (9, 0), capital=True))
ARMIES = (army(20, 1, (0, 0), general_id=30), army(22, 2, (9, 0), general_id=32))
GENERALS = (general(30, 1, 20), general(32, 2, 22))


def _state(
    gold1: int = 10,
    gold2: int = 10,
    turn: int = 3,
    *,
    structures: Iterable[Structure] = CAPITALS,
    armies: Iterable[Army] = ARMIES,
    generals: Iterable[General] = GENERALS,
    treaties: Iterable[Treaty] = (),
) -> CampaignState:
    return make_state(
        MAP,
        [player(1, "empire", gold1), player(2, "warriors_of_chaos", gold2), player(3, "dwarfs")],
        structures,
        armies,
        generals,
        treaties=treaties,
        turn=turn,
    )


def _edict(
    kind: EdictKind,
    sender: int = 1,
    *,
    recipient: int | None = None,
    target: Coord | None = None,
    city_id: int | None = None,
    their_city_id: int | None = None,
    general_id: int | None = None,
    amount: int = 0,
    offer: VassalOffer | None = None,
) -> Edict:
    status = EdictStatus.PENDING if kind is EdictKind.EXPLORATION else EdictStatus.PROPOSED
    return Edict(
        id=0,
        turn=3,
        sender=sender,
        kind=kind,
        status=status,
        cost=diplomacy.edict_cost(kind, RULES),
        recipient=recipient,
        target=target,
        city_id=city_id,
        their_city_id=their_city_id,
        general_id=general_id,
        amount=amount,
        offer=offer,
    )


def _check(s: CampaignState, e: Edict, issued: tuple[Edict, ...] = ()) -> list[Violation]:
    return diplomacy.validate_edict(s, issued, e, fog.sight(s, e.sender, RULES), RULES)


# ------------------------------------------------------------------------------ issuing


def test_R_DIP_2_costs_come_from_the_ruleset() -> None:
    assert {k: diplomacy.edict_cost(k, RULES) for k in EdictKind} == {
        EdictKind.EMBASSY: 2,
        EdictKind.PACT: 2,
        EdictKind.ALLIANCE: 2,
        EdictKind.EXPLORATION: 2,
        EdictKind.TRADE: 5,
        EdictKind.VASSALAGE: 0,
        EdictKind.RELEASE_PRISONER: 0,
        EdictKind.GIFT: 0,
    }


def test_R_DIP_2_one_edict_per_turn_a_withdrawn_one_frees_the_slot() -> None:
    s = _state()
    first = replace(_edict(EdictKind.EMBASSY, recipient=2), id=50)
    second = _edict(EdictKind.PACT, recipient=3)
    assert _check(s, second, (first,)) == [
        Violation("R-DIP-2", "You have already issued your edict this turn.")
    ]
    withdrawn = replace(first, status=EdictStatus.WITHDRAWN)
    refused = replace(first, status=EdictStatus.REFUSED)
    last_turn = replace(first, turn=2)
    assert _check(s, second, (withdrawn, last_turn)) == []
    assert _check(s, second, (refused,)) == [
        Violation("R-DIP-2", "You have already issued your edict this turn.")
    ]


def test_R_DIP_2_an_edict_goes_to_another_player_of_the_campaign() -> None:
    s = _state()
    assert _check(s, _edict(EdictKind.ALLIANCE, recipient=1)) == [
        Violation("R-DIP-2", "An edict cannot be addressed to yourself.")
    ]
    assert _check(s, _edict(EdictKind.GIFT, recipient=9, amount=1)) == [
        Violation("R-DIP-2", "No such player in this campaign.")
    ]


def test_R_DIP_2_no_proposal_of_what_already_binds_at_that_rank_or_above() -> None:
    allied = _state(treaties=[treaty(40, "alliance", 1, 2)])
    assert _check(allied, _edict(EdictKind.PACT, recipient=2)) == [
        Violation(
            "R-DIP-2", "You already have this treaty (pact) or a stronger one with that player."
        )
    ]
    # Agreed this turn, beginning at the change, counts too.
    agreed = _state(treaties=[treaty(40, "embassy", 2, 1, since_turn=4)])
    assert _check(agreed, _edict(EdictKind.EMBASSY, recipient=2)) == [
        Violation(
            "R-DIP-2", "You already have this treaty (embassy) or a stronger one with that player."
        )
    ]
    assert _check(agreed, _edict(EdictKind.ALLIANCE, recipient=2)) == []
    # A treaty being broken no longer counts.
    ending = _state(treaties=[treaty(40, "pact", 1, 2, ends_turn=4)])
    assert _check(ending, _edict(EdictKind.PACT, recipient=2)) == []


def test_R_ECO_1_an_edict_needs_its_cost_in_gold() -> None:
    s = _state(gold1=1)
    assert _check(s, _edict(EdictKind.EMBASSY, recipient=2)) == [
        Violation("R-ECO-1", "Not enough gold: this edict costs 2 and you have 1.")
    ]
    assert (
        _check(s, _edict(EdictKind.VASSALAGE, recipient=2, offer=VassalOffer.BECOME_VASSAL)) == []
    )


def test_R_DIP_2_exploration_within_4_tiles_of_your_territory() -> None:
    s = _state()
    assert _check(s, _edict(EdictKind.EXPLORATION, target=(4, 0))) == []
    assert _check(s, _edict(EdictKind.EXPLORATION, target=(5, 0))) == [
        Violation("R-DIP-2", "The tile must lie within 4 tiles of your territory.")
    ]
    assert _check(s, _edict(EdictKind.EXPLORATION, target=(40, 0))) == [
        Violation("R-DIP-2", "The tile to explore is not on the map.")
    ]


def test_R_DIP_2_trade_needs_your_city_a_known_city_and_an_embassy() -> None:
    s = _state()
    route = _edict(EdictKind.TRADE, recipient=2, city_id=10, their_city_id=11)
    unknown = [Violation("R-DIP-2", "The route must end at another player's city that you know.")]
    # Player 1 has never seen city 11: refused exactly like a city that does not exist.
    assert _check(s, route) == unknown
    assert _check(s, replace(route, their_city_id=99)) == unknown
    assert _check(s, replace(route, recipient=1, their_city_id=10)) == unknown
    assert _check(s, replace(route, city_id=11)) == [
        Violation("R-DIP-2", "The route must start from one of your cities.")
    ]
    remembered = {(9, 0): SeenTile(1, 2, StructureKind.CITY, 1)}
    known = replace(s, players={**s.players, 1: replace(s.players[1], explored=remembered)})
    assert _check(known, route) == [
        Violation("R-DIP-2", "A trade route needs an embassy or better with that player.")
    ]
    with_embassy = replace(known, treaties={40: treaty(40, "embassy", 1, 2)})
    assert _check(with_embassy, route) == []
    assert diplomacy.known_city_owner(with_embassy, 1, 11, frozenset()) == 2


def test_R_DIP_2_a_gift_is_at_most_a_quarter_of_the_treasury() -> None:
    s = _state(gold1=10)
    assert _check(s, _edict(EdictKind.GIFT, recipient=2, amount=2)) == []
    too_much = [Violation("R-DIP-2", "A gift is 1 to 2 gold (25 % of your treasury).")]
    assert _check(s, _edict(EdictKind.GIFT, recipient=2, amount=3)) == too_much
    gift = replace(_edict(EdictKind.GIFT, recipient=2, amount=2), id=51)
    assert diplomacy.gift_lines(gift) == [
        LedgerEntry(1, -2, "gift to player 2", "R-DIP-2"),
        LedgerEntry(2, 2, "gift from player 1", "R-DIP-2"),
    ]


def test_R_ARMY_2_a_released_prisoner_returns_free_to_its_owner() -> None:
    s = _state(generals=[general(30, 1, 20), general(32, 2, 22), general(33, 2, held_by=1)])
    release = _edict(EdictKind.RELEASE_PRISONER, general_id=33)
    assert _check(s, release) == []
    assert _check(s, replace(release, general_id=32)) == [
        Violation("R-ARMY-2", "You hold no such prisoner.")
    ]
    after = diplomacy.release_prisoner(s, 33)
    assert after == replace(s, generals={**s.generals, 33: general(33, 2)})


# ------------------------------------------------------------------------------ answering


def test_R_DIP_3_an_accepted_proposal_binds_from_the_next_turn() -> None:
    s = _state()
    pact = replace(_edict(EdictKind.PACT, recipient=2), id=50)
    assert diplomacy.validate_answer(s, pact, 1, accept=True) == [
        Violation("R-DIP-2", "You cannot answer your own proposal.")
    ]
    assert diplomacy.validate_answer(s, pact, 2, accept=True) == []
    after = diplomacy.accept(s, pact)
    assert after == replace(
        s, treaties={s.next_id: Treaty(s.next_id, TreatyKind.PACT, 1, 2, 4)}, next_id=s.next_id + 1
    )
    # Not yet in force this turn: hostile until the change (R-DIP-3).
    assert is_hostile(after, 1, 2)
    assert not is_hostile(replace(after, turn=4), 1, 2)
    expired = replace(pact, status=EdictStatus.EXPIRED)
    assert diplomacy.validate_answer(s, expired, 2, accept=True) == [
        Violation("R-DIP-2", "This proposal is expired; it can no longer be answered.")
    ]


def test_R_DIP_2_vassalage_offers_name_the_vassal_as_a() -> None:
    s = _state()
    become = replace(_edict(EdictKind.VASSALAGE, recipient=2, offer=VassalOffer.BECOME_VASSAL))
    demand = replace(become, offer=VassalOffer.DEMAND_VASSAL)
    assert diplomacy.treaty_for(s, become) == Treaty(s.next_id, TreatyKind.VASSALAGE, 1, 2, 4)
    assert diplomacy.treaty_for(s, demand) == Treaty(s.next_id, TreatyKind.VASSALAGE, 2, 1, 4)
    trade = _edict(EdictKind.TRADE, recipient=2, city_id=10, their_city_id=11)
    assert diplomacy.treaty_for(s, trade) == Treaty(
        s.next_id, TreatyKind.TRADE, 1, 2, 4, city_a=10, city_b=11
    )


# ------------------------------------------------------------------------------- breaking


def test_R_DIP_3_breaking_ends_at_the_next_change_with_infamy() -> None:
    s = _state(treaties=[treaty(40, "alliance", 1, 2), treaty(41, "embassy", 1, 3)])
    assert diplomacy.validate_break(s, 40, 3) == [
        Violation("R-DIP-3", "You are not a party to this treaty.")
    ]
    after = diplomacy.break_treaty(s, 40, 2, RULES)
    assert after == replace(
        s,
        treaties={**s.treaties, 40: treaty(40, "alliance", 1, 2, ends_turn=4)},
        players={**s.players, 2: replace(s.players[2], infamy=1)},
    )
    assert diplomacy.validate_break(after, 40, 1) == [
        Violation("R-DIP-3", "This treaty already ends at turn 4.")
    ]
    # Closing an embassy is no betrayal: no infamy.
    closed = diplomacy.break_treaty(s, 41, 1, RULES)
    assert closed.players == s.players


# -------------------------------------------------------------------- the turn change, step 5


def test_R_TURN_4_step_5_unanswered_proposals_expire_with_a_refund() -> None:
    s = _state(gold1=8, armies=[], generals=[])
    embassy = Edict(50, 3, 1, EdictKind.EMBASSY, EdictStatus.PROPOSED, 2, recipient=2)
    refused = Edict(51, 3, 2, EdictKind.PACT, EdictStatus.REFUSED, 2, recipient=1)
    old = Edict(52, 2, 3, EdictKind.ALLIANCE, EdictStatus.PROPOSED, 2, recipient=1)
    result = resolve_turn(s, NO, RULES, (embassy, refused, old))
    assert result.ledger == (
        LedgerEntry(1, 3, "city level 1 ×1", "R-ECO-2"),
        LedgerEntry(2, 3, "city level 1 ×1", "R-ECO-2"),
        LedgerEntry(1, 2, "edict #50 expired: refund", "R-DIP-2"),
    )
    assert result.events == (
        Event(
            EventKind.EDICT_EXPIRED,
            "R-DIP-2",
            frozenset({1, 2}),
            data={"edict_id": 50, "kind": EdictKind.EMBASSY},
        ),
    )
    assert result.state.players[1].gold == 13
    assert [diplomacy.closing_status(e) for e in (embassy, refused)] == [EdictStatus.EXPIRED, None]


def test_R_FOG_1_an_exploration_leaves_the_tiles_explored_as_they_are_at_the_change() -> None:
    s = _state(
        armies=[],
        generals=[],
        structures=[
            city(10, 1, (0, 0), capital=True),
            outpost(12, 2, (4, 1)),
            city(11, 2, (9, 0), capital=True),
        ],
    )
    explore = Edict(50, 3, 1, EdictKind.EXPLORATION, EdictStatus.PENDING, 2, target=(4, 0))
    result = resolve_turn(s, NO, RULES, (explore,))
    memory = result.state.players[1].explored
    own = {c: SeenTile(4, None, None) for c in [(0, 1), (1, 0)]}
    own[(0, 0)] = SeenTile(4, 1, StructureKind.CITY, 1, 10)
    explored = {c: SeenTile(4, None, None) for c in [(3, 0), (3, 1), (4, 0), (5, 0)]}
    explored[(4, 1)] = SeenTile(4, 2, StructureKind.OUTPOST, 1, 12)
    assert memory == {**own, **explored}
    assert result.events == (
        Event(EventKind.EXPLORED, "R-DIP-2", frozenset({1}), data={"edict_id": 50}),
    )
    assert diplomacy.closing_status(explore) is EdictStatus.DONE


def test_R_DIP_3_armies_on_a_new_enemy_s_territory_withdraw_to_the_nearest_free_tile() -> None:
    s = _state(
        structures=[*CAPITALS, outpost(12, 2, (5, 0))],
        armies=[
            army(20, 1, (0, 0), general_id=30),
            army(21, 1, (5, 0), general_id=31),
            army(22, 2, (9, 0), general_id=32),
            army(23, 2, (4, 0), general_id=33),
        ],
        generals=[general(30, 1, 20), general(31, 1, 21), general(32, 2, 22), general(33, 2, 23)],
        treaties=[treaty(40, "alliance", 1, 2, ends_turn=4)],
    )
    result = resolve_turn(s, NO, RULES)
    # (4,0) holds a now-hostile army: the next free neutral tile in order is (4,1).
    assert result.state.armies[21] == army(21, 1, (4, 1), general_id=31)
    assert result.state.armies[23] == army(23, 2, (4, 0), general_id=33)
    assert result.state.treaties == {}
    assert [e for e in result.events if e.rule == "R-DIP-3"] == [
        Event(
            EventKind.TREATY_ENDED,
            "R-DIP-3",
            frozenset({1, 2}),
            data={"treaty_id": 40, "kind": TreatyKind.ALLIANCE},
        ),
        Event(
            EventKind.ARMY_WITHDREW,
            "R-DIP-3",
            frozenset({1, 2}),
            ((5, 0), (4, 1)),
            {"army_id": 21, "from": (5, 0), "to": (4, 1)},
        ),
    ]


def test_R_DIP_3_no_withdrawal_while_a_pact_still_binds() -> None:
    s = _state(
        structures=[city(10, 1, (0, 0), capital=True), outpost(12, 2, (5, 0))],
        armies=[army(21, 1, (5, 0), general_id=31)],
        generals=[general(31, 1, 21)],
        treaties=[treaty(40, "alliance", 1, 2, ends_turn=4), treaty(41, "pact", 1, 2)],
    )
    before = replace(s, turn=3)
    after = replace(s, turn=4, treaties={41: s.treaties[41]})
    assert diplomacy.withdraw_newly_hostile(before, after) == (after, [])


def test_R_DIP_2_a_route_ends_when_one_of_its_cities_falls() -> None:
    s = _state(
        structures=[*CAPITALS, city(13, 3, (5, 0))],
        treaties=[
            treaty(40, "embassy", 1, 2),
            treaty(41, "trade", 1, 2, city_a=10, city_b=11),
            treaty(42, "trade", 1, 3, city_a=10, city_b=14),  # city 14 was razed
        ],
        armies=[],
        generals=[],
    )
    nxt = replace(s, turn=4)
    assert diplomacy.settle(s, nxt, (), RULES) == Settlement(
        replace(nxt, treaties={40: s.treaties[40], 41: s.treaties[41]}),
        (),
        (Event(EventKind.TRADE_ROUTE_LOST, "R-DIP-2", frozenset({1, 3}), data={"treaty_id": 42}),),
    )


def test_R_DIP_2_a_route_agreed_this_turn_pays_from_the_change_after_next() -> None:
    s = _state(armies=[], generals=[], treaties=[treaty(40, "embassy", 1, 2)])
    route = Edict(
        50, 3, 1, EdictKind.TRADE, EdictStatus.ACCEPTED, 5, 2, city_id=10, their_city_id=11
    )
    s = diplomacy.accept(s, route)
    first = resolve_turn(s, NO, RULES)
    assert first.ledger == (
        LedgerEntry(1, 3, "city level 1 ×1", "R-ECO-2"),
        LedgerEntry(2, 3, "city level 1 ×1", "R-ECO-2"),
    )
    second = resolve_turn(first.state, NO, RULES)
    # 9 tiles apart: 1 + one full 5 tiles of distance.
    assert second.ledger == (
        LedgerEntry(1, 3, "city level 1 ×1", "R-ECO-2"),
        LedgerEntry(2, 3, "city level 1 ×1", "R-ECO-2"),
        LedgerEntry(1, 2, f"trade route #{s.next_id - 1}", "R-DIP-2"),
        LedgerEntry(2, 2, f"trade route #{s.next_id - 1}", "R-DIP-2"),
    )


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
