from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeatMissedPayload")


@_attrs_define
class SeatMissedPayload:
    """
    Attributes:
        missed_in_row (int):
        player (int):
        turn (int):
    """

    missed_in_row: int
    player: int
    turn: int

    def to_dict(self) -> dict[str, Any]:
        missed_in_row = self.missed_in_row

        player = self.player

        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "missed_in_row": missed_in_row,
                "player": player,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        missed_in_row = d.pop("missed_in_row")

        player = d.pop("player")

        turn = d.pop("turn")

        seat_missed_payload = cls(
            missed_in_row=missed_in_row,
            player=player,
            turn=turn,
        )

        return seat_missed_payload
