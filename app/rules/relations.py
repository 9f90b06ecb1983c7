"""Who is hostile to whom (R-OWN-2), from the treaties in force (R-DIP)."""

from __future__ import annotations

from dataclasses import dataclass

from app.rules.state import CampaignState, Treaty, TreatyKind

_ALLYING = (TreatyKind.ALLIANCE, TreatyKind.VASSALAGE)
_PACT = (TreatyKind.PACT,)


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
    return a != b and _bound(state, a, b, _PACT)


def is_hostile(state: CampaignState, a: int, b: int) -> bool:
    """Hostile unless allied or bound by a non-aggression pact (R-OWN-2)."""
    return not (are_allied(state, a, b) or have_pact(state, a, b))


def allies_of(state: CampaignState, player: int) -> frozenset[int]:
    """The player and everyone allied with them (they share sight, R-DIP-2)."""
    return frozenset(p for p in state.players if are_allied(state, player, p))


@dataclass(frozen=True)
class Relations:
    """The functions above for one state, each a set lookup: the treaties are read once.

    For code that asks about many pairs of the same state (a turn change asks thousands);
    build it with `Relations.of(state)` and drop it when the treaties or the turn change.
    """

    players: tuple[int, ...]  # state.players, in its order
    allied: frozenset[tuple[int, int]]  # (a, b) and (b, a) of each alliance or vassalage in force
    pacts: frozenset[tuple[int, int]]  # (a, b) and (b, a) of each pact in force

    @classmethod
    def of(cls, state: CampaignState) -> Relations:
        allied: set[tuple[int, int]] = set()
        pacts: set[tuple[int, int]] = set()
        for t in state.treaties.values():
            if not in_force(t, state.turn):
                continue
            if t.kind in _ALLYING:
                allied.update(((t.a, t.b), (t.b, t.a)))
            elif t.kind in _PACT:
                pacts.update(((t.a, t.b), (t.b, t.a)))
        return cls(tuple(state.players), frozenset(allied), frozenset(pacts))

    def are_allied(self, a: int, b: int) -> bool:
        return a == b or (a, b) in self.allied

    def have_pact(self, a: int, b: int) -> bool:
        return a != b and (a, b) in self.pacts

    def is_hostile(self, a: int, b: int) -> bool:
        return not (self.are_allied(a, b) or self.have_pact(a, b))

    def allies_of(self, player: int) -> frozenset[int]:
        return frozenset(p for p in self.players if self.are_allied(player, p))
