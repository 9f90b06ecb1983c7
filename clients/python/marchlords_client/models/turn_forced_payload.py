from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TurnForcedPayload")


@_attrs_define
class TurnForcedPayload:
    """
    Attributes:
        late (list[int]): The seats that had not declared ready.
        turn (int):
    """

    late: list[int]
    turn: int

    def to_dict(self) -> dict[str, Any]:
        late = self.late

        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "late": late,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        late = cast(list[int], d.pop("late"))

        turn = d.pop("turn")

        turn_forced_payload = cls(
            late=late,
            turn=turn,
        )

        return turn_forced_payload
