from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="VacationStart")


@_attrs_define
class VacationStart:
    """A vacation of whole days from now (R-CAMP-8).

    Attributes:
        days (int): Days away, at most the days the seat has left.
    """

    days: int

    def to_dict(self) -> dict[str, Any]:
        days = self.days

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "days": days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        days = d.pop("days")

        vacation_start = cls(
            days=days,
        )

        return vacation_start
