from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DeadlineExtension")


@_attrs_define
class DeadlineExtension:
    """
    Attributes:
        extend_hours (int): Hours added to the turn deadline.
    """

    extend_hours: int

    def to_dict(self) -> dict[str, Any]:
        extend_hours = self.extend_hours

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "extend_hours": extend_hours,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        extend_hours = d.pop("extend_hours")

        deadline_extension = cls(
            extend_hours=extend_hours,
        )

        return deadline_extension
