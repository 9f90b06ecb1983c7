from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CasualtyLine")


@_attrs_define
class CasualtyLine:
    """Models one unit of one army's list lost in the battle (R-ARMY-7).

    Attributes:
        army_id (int): An army of the battle with a list.
        lost (int): Models lost, at most the unit's count.
        unit (int): The unit: its position in the list's `units` as fielded (the battle's `rosters`), from 0.
    """

    army_id: int
    lost: int
    unit: int

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        lost = self.lost

        unit = self.unit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "lost": lost,
                "unit": unit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_id = d.pop("army_id")

        lost = d.pop("lost")

        unit = d.pop("unit")

        casualty_line = cls(
            army_id=army_id,
            lost=lost,
            unit=unit,
        )

        return casualty_line
