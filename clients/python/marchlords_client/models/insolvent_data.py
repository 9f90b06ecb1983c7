from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="InsolventData")


@_attrs_define
class InsolventData:
    """
    Attributes:
        paid (int):
        upkeep (int):
    """

    paid: int
    upkeep: int

    def to_dict(self) -> dict[str, Any]:
        paid = self.paid

        upkeep = self.upkeep

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "paid": paid,
                "upkeep": upkeep,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        paid = d.pop("paid")

        upkeep = d.pop("upkeep")

        insolvent_data = cls(
            paid=paid,
            upkeep=upkeep,
        )

        return insolvent_data
