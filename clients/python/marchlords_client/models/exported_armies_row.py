from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExportedArmiesRow")


@_attrs_define
class ExportedArmiesRow:
    """A `armies` row.

    Attributes:
        general_id (int | None):
        id (int):
        owner (int):
        q (int):
        r (int):
        raised_turn (int):
        seat_id (int | None):
        ship_id (int | None):
        tier (int):
    """

    general_id: int | None
    id: int
    owner: int
    q: int
    r: int
    raised_turn: int
    seat_id: int | None
    ship_id: int | None
    tier: int

    def to_dict(self) -> dict[str, Any]:
        general_id: int | None
        general_id = self.general_id

        id = self.id

        owner = self.owner

        q = self.q

        r = self.r

        raised_turn = self.raised_turn

        seat_id: int | None
        seat_id = self.seat_id

        ship_id: int | None
        ship_id = self.ship_id

        tier = self.tier

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "general_id": general_id,
                "id": id,
                "owner": owner,
                "q": q,
                "r": r,
                "raised_turn": raised_turn,
                "seat_id": seat_id,
                "ship_id": ship_id,
                "tier": tier,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_general_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        general_id = _parse_general_id(d.pop("general_id"))

        id = d.pop("id")

        owner = d.pop("owner")

        q = d.pop("q")

        r = d.pop("r")

        raised_turn = d.pop("raised_turn")

        def _parse_seat_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat_id = _parse_seat_id(d.pop("seat_id"))

        def _parse_ship_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ship_id = _parse_ship_id(d.pop("ship_id"))

        tier = d.pop("tier")

        exported_armies_row = cls(
            general_id=general_id,
            id=id,
            owner=owner,
            q=q,
            r=r,
            raised_turn=raised_turn,
            seat_id=seat_id,
            ship_id=ship_id,
            tier=tier,
        )

        return exported_armies_row
