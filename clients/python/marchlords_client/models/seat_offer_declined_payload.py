from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeatOfferDeclinedPayload")


@_attrs_define
class SeatOfferDeclinedPayload:
    """
    Attributes:
        player (int):
        seat_removed (bool): The seat was a lobby place nobody took: removed.
    """

    player: int
    seat_removed: bool

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        seat_removed = self.seat_removed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "seat_removed": seat_removed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        seat_removed = d.pop("seat_removed")

        seat_offer_declined_payload = cls(
            player=player,
            seat_removed=seat_removed,
        )

        return seat_offer_declined_payload
