from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ReachableTile")


@_attrs_define
class ReachableTile:
    """A tile the army may be ordered to, with what it costs and a path there.

    Attributes:
        cost (int): Tiles, or half-steps for a path aboard (R-SEA-1).
        path (list[list[int]]): A path of that cost from the army's tile (excluded) to this one, as `PUT
            …/armies/{army_id}/move` takes it: the rules engine's, so no client routes.
        q (int):
        r (int):
    """

    cost: int
    path: list[list[int]]
    q: int
    r: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cost = self.cost

        path = []
        for path_item_data in self.path:
            path_item = path_item_data

            path.append(path_item)

        q = self.q

        r = self.r

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cost": cost,
                "path": path,
                "q": q,
                "r": r,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cost = d.pop("cost")

        path = []
        _path = d.pop("path")
        for path_item_data in _path:
            path_item = cast(list[int], path_item_data)

            path.append(path_item)

        q = d.pop("q")

        r = d.pop("r")

        reachable_tile = cls(
            cost=cost,
            path=path,
            q=q,
            r=r,
        )

        reachable_tile.additional_properties = d
        return reachable_tile

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
