from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReadMark")


@_attrs_define
class ReadMark:
    """
    Attributes:
        up_to (int): A message of yours: it and every older one are read (0: none). Any other id is 404.
    """

    up_to: int

    def to_dict(self) -> dict[str, Any]:
        up_to = self.up_to

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "up_to": up_to,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        up_to = d.pop("up_to")

        read_mark = cls(
            up_to=up_to,
        )

        return read_mark
