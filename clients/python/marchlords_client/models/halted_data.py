from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HaltedData")


@_attrs_define
class HaltedData:
    """
    Attributes:
        army_id (int):
        reason (str): Why the army stopped: `pact`, `sea`, ...
    """

    army_id: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_id = d.pop("army_id")

        reason = d.pop("reason")

        halted_data = cls(
            army_id=army_id,
            reason=reason,
        )

        return halted_data
