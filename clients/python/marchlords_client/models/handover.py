from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Handover")


@_attrs_define
class Handover:
    """The user who takes the seat (R-CAMP-6).

    Attributes:
        username (str): Login name: 3-32 characters among letters, digits, `_`, `.` and `-`.
    """

    username: str

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        handover = cls(
            username=username,
        )

        return handover
