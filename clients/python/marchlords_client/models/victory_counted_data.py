from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="VictoryCountedData")


@_attrs_define
class VictoryCountedData:
    """
    Attributes:
        player (int):
        victories (int):
    """

    player: int
    victories: int

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        victories = self.victories

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "victories": victories,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        victories = d.pop("victories")

        victory_counted_data = cls(
            player=player,
            victories=victories,
        )

        return victory_counted_data
