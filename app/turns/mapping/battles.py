"""Battles: their rows and stored JSON as the engine's battles, sides, forces and reports."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.models.world import BattleRow
from app.rules.battles import Muster, SideForces
from app.rules.state import Battle, BattleKind, BattleReport, BattleSide, Fate, Outcome


def side_to_json(side: BattleSide) -> dict[str, Any]:
    return {
        "players": sorted(side.players),
        "army_ids": list(side.army_ids),
        "leader_id": side.leader_id,
        "structure_id": side.structure_id,
        "entrenched": list(side.entrenched),
    }


def side_from_json(data: Mapping[str, Any]) -> BattleSide:
    return BattleSide(
        players=frozenset(data["players"]),
        army_ids=tuple(data["army_ids"]),
        leader_id=data["leader_id"],
        structure_id=data["structure_id"],
        entrenched=tuple(data.get("entrenched", ())),  # R-OPT-4; older rows have none
    )


def battle_from_row(row: BattleRow) -> Battle:
    return Battle(
        id=row.id,
        turn=row.turn,
        coord=(row.q, row.r),
        kind=BattleKind(row.kind),
        attacker=side_from_json(row.attacker),
        defender=side_from_json(row.defender),
        siege_draws=row.siege_draws,
    )


def battle_columns(b: Battle) -> dict[str, Any]:
    return {
        "turn": b.turn,
        "q": b.coord[0],
        "r": b.coord[1],
        "kind": b.kind.value,
        "attacker": side_to_json(b.attacker),
        "defender": side_to_json(b.defender),
        "siege_draws": b.siege_draws,
    }


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
