from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TurnChangeScheduledPayload")


@_attrs_define
class TurnChangeScheduledPayload:
    """
    Attributes:
        due_at (str): ISO 8601 date and time, with its UTC offset.
        turn (int):
    """

    due_at: str
    turn: int

    def to_dict(self) -> dict[str, Any]:
        due_at = self.due_at

        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "due_at": due_at,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        due_at = d.pop("due_at")

        turn = d.pop("turn")

        turn_change_scheduled_payload = cls(
            due_at=due_at,
            turn=turn,
        )

        return turn_change_scheduled_payload
