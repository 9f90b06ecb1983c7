from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeatTurnPayload")


@_attrs_define
class SeatTurnPayload:
    """
    Attributes:
        player (int):
        turn (int):
    """

    player: int
    turn: int

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        turn = d.pop("turn")

        seat_turn_payload = cls(
            player=player,
            turn=turn,
        )

        return seat_turn_payload
