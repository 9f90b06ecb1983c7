from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="BattleRejectedPayload")


@_attrs_define
class BattleRejectedPayload:
    """
    Attributes:
        battle_id (int):
        reason (None | str):
        status (Literal['disputed']):
    """

    battle_id: int
    reason: None | str
    status: Literal["disputed"]

    def to_dict(self) -> dict[str, Any]:
        battle_id = self.battle_id

        reason: None | str
        reason = self.reason

        status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "battle_id": battle_id,
                "reason": reason,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        battle_id = d.pop("battle_id")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        status = cast(Literal["disputed"], d.pop("status"))
        if status != "disputed":
            raise ValueError(f"status must match const 'disputed', got '{status}'")

        battle_rejected_payload = cls(
            battle_id=battle_id,
            reason=reason,
            status=status,
        )

        return battle_rejected_payload
