from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TradeRouteLostData")


@_attrs_define
class TradeRouteLostData:
    """
    Attributes:
        treaty_id (int):
    """

    treaty_id: int

    def to_dict(self) -> dict[str, Any]:
        treaty_id = self.treaty_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "treaty_id": treaty_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        treaty_id = d.pop("treaty_id")

        trade_route_lost_data = cls(
            treaty_id=treaty_id,
        )

        return trade_route_lost_data
