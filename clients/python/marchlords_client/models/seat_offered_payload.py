from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeatOfferedPayload")


@_attrs_define
class SeatOfferedPayload:
    """
    Attributes:
        offered (bool):
        player (int):
    """

    offered: bool
    player: int

    def to_dict(self) -> dict[str, Any]:
        offered = self.offered

        player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "offered": offered,
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        offered = d.pop("offered")

        player = d.pop("player")

        seat_offered_payload = cls(
            offered=offered,
            player=player,
        )

        return seat_offered_payload
