from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TurnChangedPayload")


@_attrs_define
class TurnChangedPayload:
    """
    Attributes:
        status (str): The campaign's status after the change (`finished`…).
        turn (int):
    """

    status: str
    turn: int

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = d.pop("status")

        turn = d.pop("turn")

        turn_changed_payload = cls(
            status=status,
            turn=turn,
        )

        return turn_changed_payload
