from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="StormRoseData")


@_attrs_define
class StormRoseData:
    """
    Attributes:
        turn (int):
    """

    turn: int

    def to_dict(self) -> dict[str, Any]:
        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        turn = d.pop("turn")

        storm_rose_data = cls(
            turn=turn,
        )

        return storm_rose_data
