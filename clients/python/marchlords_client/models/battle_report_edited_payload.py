from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="BattleReportEditedPayload")


@_attrs_define
class BattleReportEditedPayload:
    """
    Attributes:
        battle_id (int):
        reported_by (int):
        status (Literal['reported']):
        version (int): The report's version now (R-BAT-10).
    """

    battle_id: int
    reported_by: int
    status: Literal["reported"]
    version: int

    def to_dict(self) -> dict[str, Any]:
        battle_id = self.battle_id

        reported_by = self.reported_by

        status = self.status

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "battle_id": battle_id,
                "reported_by": reported_by,
                "status": status,
                "version": version,
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

        version = d.pop("version")

        battle_report_edited_payload = cls(
            battle_id=battle_id,
            reported_by=reported_by,
            status=status,
            version=version,
        )

        return battle_report_edited_payload
