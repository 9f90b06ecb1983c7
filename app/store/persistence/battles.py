"""Battles: their rows and stored JSON as the engine's battles, sides, forces and reports."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.rules.battles import Muster, SideForces
from app.rules.state import Battle, BattleReport, Fate, Outcome
from app.store.models.world import BattleRow
from app.store.persistence.entities import BATTLES, side_from_json, side_to_json

__all__ = [
    "battle_columns",
    "battle_from_row",
    "forces_to_json",
    "muster_to_json",
    "report_from_json",
    "side_from_json",
    "side_to_json",
    "tiers_from_json",
]


def battle_from_row(row: BattleRow) -> Battle:
    """A battle row (ORM) as the engine's battle."""
    return BATTLES.from_object(row)


def battle_columns(b: Battle) -> dict[str, Any]:
    """The engine's battle as the columns of its row (its id apart)."""
    return BATTLES.to_row(b, skip=("id",))


def forces_to_json(forces: SideForces) -> dict[str, Any]:
    """What one side fields, as fixed at declaration (R-ARMY-4)."""
    return {
        "leader_army_id": forces.leader_army_id,
        "joiners": [{"army_id": a, "points": p} for a, p in forces.joiners],
        "army_points": forces.army_points,
        "general_points": forces.general_points,
        "garrison": forces.garrison,
        "reinforcement": forces.reinforcement,
        "siege_bonus_pct": forces.siege_bonus_pct,
        "total_points": forces.total_points,
        "cover_pct": forces.cover_pct,
        "entrenchment_pct": forces.entrenchment_pct,
    }


def muster_to_json(m: Muster) -> dict[str, Any]:
    """The `forces` document of a battle row, as the engine fixed it at declaration (R-ARMY-4):
    `{"tiers", "attacker", "defender", "stake", "pillage"}`."""
    return {
        "tiers": {str(i): t for i, t in sorted(m.tiers.items())},
        "attacker": forces_to_json(m.attacker),
        "defender": forces_to_json(m.defender),
        "stake": {
            "attacker_victory": m.stake_attacker_victory,
            "defender_victory": m.stake_defender_victory,
        },
        "pillage": m.pillage,
    }


def tiers_from_json(stored: Mapping[str, Any] | None) -> dict[int, int] | None:
    """The declared tiers of a stored `forces` document (None for rows from before it)."""
    if stored is None or "tiers" not in stored:
        return None
    return {int(i): int(t) for i, t in stored["tiers"].items()}


def report_from_json(stored: Mapping[str, Any]) -> BattleReport:
    """A stored report (`battles.report`) as the engine's."""
    fate = stored.get("fate")
    return BattleReport(
        outcome=Outcome(stored["outcome"]),
        attacker_losses_pct=stored["attacker_losses_pct"],
        defender_losses_pct=stored["defender_losses_pct"],
        general_captured=stored.get("general_captured", False),
        fate=Fate(fate) if fate is not None else None,
    )
