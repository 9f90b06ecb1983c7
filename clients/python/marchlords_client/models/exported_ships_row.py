from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExportedShipsRow")


@_attrs_define
class ExportedShipsRow:
    """A `ships` row.

    Attributes:
        army_id (int | None):
        id (int):
        owner (int):
        q (int):
        r (int):
    """

    army_id: int | None
    id: int
    owner: int
    q: int
    r: int

    def to_dict(self) -> dict[str, Any]:
        army_id: int | None
        army_id = self.army_id

        id = self.id

        owner = self.owner

        q = self.q

        r = self.r

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "id": id,
                "owner": owner,
                "q": q,
                "r": r,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_army_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        army_id = _parse_army_id(d.pop("army_id"))

        id = d.pop("id")

        owner = d.pop("owner")

        q = d.pop("q")

        r = d.pop("r")

        exported_ships_row = cls(
            army_id=army_id,
            id=id,
            owner=owner,
            q=q,
            r=r,
        )

        return exported_ships_row
