from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.battle_status import BattleStatus
from ..models.outcome import Outcome

T = TypeVar("T", bound="BattleClosedPayload")


@_attrs_define
class BattleClosedPayload:
    """
    Attributes:
        battle_id (int):
        outcome (None | Outcome):
        status (BattleStatus): Where a battle stands in the two-step report (R-BAT-5).
    """

    battle_id: int
    outcome: None | Outcome
    status: BattleStatus

    def to_dict(self) -> dict[str, Any]:
        battle_id = self.battle_id

        outcome: None | str
        if isinstance(self.outcome, Outcome):
            outcome = self.outcome.value
        else:
            outcome = self.outcome

        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "battle_id": battle_id,
                "outcome": outcome,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        battle_id = d.pop("battle_id")

        def _parse_outcome(data: object) -> None | Outcome:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                outcome_type_0 = Outcome(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Outcome, data)

        outcome = _parse_outcome(d.pop("outcome"))

        status = BattleStatus(d.pop("status"))

        battle_closed_payload = cls(
            battle_id=battle_id,
            outcome=outcome,
            status=status,
        )

        return battle_closed_payload
