from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="MoveSet")


@_attrs_define
class MoveSet:
    """A path of adjacent tiles from the army's tile (its own tile excluded), R-MOVE-1.

    Attributes:
        path (list[list[int]]):
    """

    path: list[list[int]]

    def to_dict(self) -> dict[str, Any]:
        path = []
        for path_item_data in self.path:
            path_item = path_item_data

            path.append(path_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "path": path,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        path = []
        _path = d.pop("path")
        for path_item_data in _path:
            path_item = cast(list[int], path_item_data)

            path.append(path_item)

        move_set = cls(
            path=path,
        )

        return move_set
