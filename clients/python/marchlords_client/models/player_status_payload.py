from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayerStatusPayload")


@_attrs_define
class PlayerStatusPayload:
    """
    Attributes:
        inactive (bool):
        player (int):
    """

    inactive: bool
    player: int

    def to_dict(self) -> dict[str, Any]:
        inactive = self.inactive

        player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "inactive": inactive,
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        inactive = d.pop("inactive")

        player = d.pop("player")

        player_status_payload = cls(
            inactive=inactive,
            player=player,
        )

        return player_status_payload
