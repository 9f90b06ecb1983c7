from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DeadlineNearPayload")


@_attrs_define
class DeadlineNearPayload:
    """
    Attributes:
        deadline_at (str): ISO 8601 date and time, with its UTC offset.
        turn (int):
    """

    deadline_at: str
    turn: int

    def to_dict(self) -> dict[str, Any]:
        deadline_at = self.deadline_at

        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deadline_at": deadline_at,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deadline_at = d.pop("deadline_at")

        turn = d.pop("turn")

        deadline_near_payload = cls(
            deadline_at=deadline_at,
            turn=turn,
        )

        return deadline_near_payload
