from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PathCutData")


@_attrs_define
class PathCutData:
    """
    Attributes:
        army_id (int):
        kept (int): Steps kept (R-MOVE-1).
        ordered (int): Steps ordered.
    """

    army_id: int
    kept: int
    ordered: int

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        kept = self.kept

        ordered = self.ordered

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "kept": kept,
                "ordered": ordered,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_id = d.pop("army_id")

        kept = d.pop("kept")

        ordered = d.pop("ordered")

        path_cut_data = cls(
            army_id=army_id,
            kept=kept,
            ordered=ordered,
        )

        return path_cut_data
