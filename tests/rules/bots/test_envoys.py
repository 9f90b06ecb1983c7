"""A bot's diplomacy (R-BOT-6, R-BOT-7) and the points rule for bot battles (R-BOT-8)."""

from __future__ import annotations

from dataclasses import replace

from app.rules.battles import forces, validate_report
from app.rules.bots.envoys import Proposal, answer, propose, strength
from app.rules.bots.plan import Personality
from app.rules.bots.points import resolve
from app.rules.diplomacy import Edict, EdictKind, VassalOffer
from app.rules.hexgrid import from_offset
from app.rules.ruleset import default_ruleset
from app.rules.state import (
    Battle,
    BattleKind,
    BattleSide,
    CampaignState,
    Fate,
    Outcome,
)
from tests.factories.engine import army, city, general, make_map, make_state, player

RULES = default_ruleset()


def _pair(my_tier: int, their_tier: int) -> CampaignState:
    m = make_map(["." * 6] * 3)
    a, b = from_offset(1, 1), from_offset(3, 1)
    return make_state(
        m,
        [player(1, "empire", 30), player(2, "orcs_goblins", 30)],
        [city(1, 1, a, capital=True), city(2, 2, b, capital=True)],
        [army(10, 1, a, my_tier, general_id=11), army(20, 2, b, their_tier, general_id=21)],
        [general(11, 1, 10), general(21, 2, 20)],
    )


def _edict(kind: EdictKind, **kw: object) -> Edict:
    return Edict(1, 1, 2, kind, recipient=1, **kw)  # type: ignore[arg-type]


def test_R_BOT_6_a_pact_is_accepted_when_weaker_and_refused_when_stronger() -> None:
    weaker, stronger = _pair(1, 4), _pair(4, 1)
    assert strength(weaker, 1) < strength(weaker, 2)
    for p in (Personality.BUILDER, Personality.RAIDER):
        assert answer(weaker, 1, _edict(EdictKind.PACT), p)
        assert not answer(stronger, 1, _edict(EdictKind.PACT), p)
        assert not answer(stronger, 1, _edict(EdictKind.ALLIANCE), p)
    assert answer(stronger, 1, _edict(EdictKind.PACT), Personality.TURTLE)


def test_R_BOT_6_embassies_and_trade_are_accepted_tribute_never() -> None:
    state = _pair(1, 6)
    for p in Personality:
        assert answer(state, 1, _edict(EdictKind.EMBASSY), p)
        assert answer(state, 1, _edict(EdictKind.TRADE), p)
        for offer in VassalOffer:
            assert not answer(state, 1, _edict(EdictKind.VASSALAGE, offer=offer), p)


def test_R_BOT_7_a_turtle_seeks_a_pact_with_a_stronger_neighbour_a_builder_an_embassy() -> None:
    state = _pair(1, 5)
    assert propose(state, 1, Personality.TURTLE) == Proposal(EdictKind.PACT, 2)
    assert propose(state, 1, Personality.BUILDER) == Proposal(EdictKind.EMBASSY, 2)
    assert propose(state, 1, Personality.RAIDER) is None
    assert propose(_pair(5, 1), 1, Personality.TURTLE) is None


def _battle(state: CampaignState, kind: BattleKind = BattleKind.FIELD) -> Battle:
    defended = 2 if kind is not BattleKind.FIELD else None
    return Battle(
        99,
        1,
        from_offset(3, 1),
        kind,
        BattleSide(frozenset({1}), (10,), 10),
        BattleSide(frozenset({2}), (20,), 20, structure_id=defended),
    )


def test_R_BOT_8_the_side_with_more_points_wins_and_the_report_is_valid() -> None:
    cases = ((6, 1, Outcome.ATTACKER_VICTORY), (1, 6, Outcome.DEFENDER_VICTORY))
    for mine, theirs, outcome in cases:
        state = _pair(mine, theirs)
        battle = _battle(state)
        report = resolve(state, battle, RULES)
        assert report.outcome is outcome
        assert validate_report(state, battle, report, RULES) == []
        assert resolve(state, battle, RULES) == report


def test_R_BOT_8_equal_points_draw() -> None:
    state = _pair(3, 3)
    battle = _battle(state)
    a, d = forces(state, battle, RULES)
    assert a.total_points == d.total_points
    assert resolve(state, battle, RULES).outcome is Outcome.DRAW


def test_R_BOT_8_a_won_assault_captures_a_city_but_a_capital_repulses() -> None:
    state = _pair(6, 1)
    capital = resolve(state, _battle(state, BattleKind.ASSAULT), RULES)
    assert capital.outcome is Outcome.ATTACKER_VICTORY
    assert capital.fate is None
    state = replace(
        state, structures={**state.structures, 2: replace(state.structures[2], is_capital=False)}
    )
    battle = _battle(state, BattleKind.ASSAULT)
    report = resolve(state, battle, RULES)
    assert report.fate is Fate.CAPTURE
    assert validate_report(state, battle, report, RULES) == []
