from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.battle_kind import BattleKind
from ..models.outcome import Outcome

T = TypeVar("T", bound="BattleResolvedData")


@_attrs_define
class BattleResolvedData:
    """
    Attributes:
        attacker_losses_pct (int):
        battle_id (int):
        battle_kind (BattleKind):
        defender_losses_pct (int):
        outcome (Outcome):
    """

    attacker_losses_pct: int
    battle_id: int
    battle_kind: BattleKind
    defender_losses_pct: int
    outcome: Outcome

    def to_dict(self) -> dict[str, Any]:
        attacker_losses_pct = self.attacker_losses_pct

        battle_id = self.battle_id

        battle_kind = self.battle_kind.value

        defender_losses_pct = self.defender_losses_pct

        outcome = self.outcome.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "attacker_losses_pct": attacker_losses_pct,
                "battle_id": battle_id,
                "battle_kind": battle_kind,
                "defender_losses_pct": defender_losses_pct,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attacker_losses_pct = d.pop("attacker_losses_pct")

        battle_id = d.pop("battle_id")

        battle_kind = BattleKind(d.pop("battle_kind"))

        defender_losses_pct = d.pop("defender_losses_pct")

        outcome = Outcome(d.pop("outcome"))

        battle_resolved_data = cls(
            attacker_losses_pct=attacker_losses_pct,
            battle_id=battle_id,
            battle_kind=battle_kind,
            defender_losses_pct=defender_losses_pct,
            outcome=outcome,
        )

        return battle_resolved_data
