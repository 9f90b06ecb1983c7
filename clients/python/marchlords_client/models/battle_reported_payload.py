from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="BattleReportedPayload")


@_attrs_define
class BattleReportedPayload:
    """
    Attributes:
        battle_id (int):
        reported_by (int):
        status (Literal['reported']):
    """

    battle_id: int
    reported_by: int
    status: Literal["reported"]

    def to_dict(self) -> dict[str, Any]:
        battle_id = self.battle_id

        reported_by = self.reported_by

        status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "battle_id": battle_id,
                "reported_by": reported_by,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        battle_id = d.pop("battle_id")

        reported_by = d.pop("reported_by")

        status = cast(Literal["reported"], d.pop("status"))
        if status != "reported":
            raise ValueError(f"status must match const 'reported', got '{status}'")

        battle_reported_payload = cls(
            battle_id=battle_id,
            reported_by=reported_by,
            status=status,
        )

        return battle_reported_payload
