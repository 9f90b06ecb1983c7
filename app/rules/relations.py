"""Who is hostile to whom (R-OWN-2), from the treaties in force (R-DIP)."""

from __future__ import annotations

from app.rules.state import CampaignState, Treaty, TreatyKind

_ALLYING = (TreatyKind.ALLIANCE, TreatyKind.VASSALAGE)


def in_force(treaty: Treaty, turn: int) -> bool:
    """A treaty binds from its first turn until the change that ends it (R-DIP-3)."""
    return treaty.since_turn <= turn and (treaty.ends_turn is None or turn < treaty.ends_turn)


def _bound(state: CampaignState, a: int, b: int, kinds: tuple[TreatyKind, ...]) -> bool:
    return any(
        t.kind in kinds and {t.a, t.b} == {a, b} and in_force(t, state.turn)
        for t in state.treaties.values()
    )


def are_allied(state: CampaignState, a: int, b: int) -> bool:
    """Allied by an alliance or a vassalage (a player is its own ally)."""
    return a == b or _bound(state, a, b, _ALLYING)


def have_pact(state: CampaignState, a: int, b: int) -> bool:
    return a != b and _bound(state, a, b, (TreatyKind.PACT,))


def is_hostile(state: CampaignState, a: int, b: int) -> bool:
    """Hostile unless allied or bound by a non-aggression pact (R-OWN-2)."""
    return not (are_allied(state, a, b) or have_pact(state, a, b))


def allies_of(state: CampaignState, player: int) -> frozenset[int]:
    """The player and everyone allied with them (they share sight, R-DIP-2)."""
    return frozenset(p for p in state.players if are_allied(state, player, p))
