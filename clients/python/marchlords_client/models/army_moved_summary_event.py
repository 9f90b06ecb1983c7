from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.army_moved_data import ArmyMovedData


T = TypeVar("T", bound="ArmyMovedSummaryEvent")


@_attrs_define
class ArmyMovedSummaryEvent:
    """A `army_moved` line of a turn summary.

    Attributes:
        coords (list[list[int]]): The tiles it happened on that you saw.
        data (ArmyMovedData): R-MOVE-3: the tiles crossed are the line's `coords` (only those you saw, if not yours).
        kind (Literal['army_moved']):
        rule (str): The rule it applies (`R-…`).
    """

    coords: list[list[int]]
    data: ArmyMovedData
    kind: Literal["army_moved"]
    rule: str

    def to_dict(self) -> dict[str, Any]:
        coords = []
        for coords_item_data in self.coords:
            coords_item = coords_item_data

            coords.append(coords_item)

        data = self.data.to_dict()

        kind = self.kind

        rule = self.rule

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "coords": coords,
                "data": data,
                "kind": kind,
                "rule": rule,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.army_moved_data import ArmyMovedData  # noqa: PLC0415

        d = dict(src_dict)
        coords = []
        _coords = d.pop("coords")
        for coords_item_data in _coords:
            coords_item = cast(list[int], coords_item_data)

            coords.append(coords_item)

        data = ArmyMovedData.from_dict(d.pop("data"))

        kind = cast(Literal["army_moved"], d.pop("kind"))
        if kind != "army_moved":
            raise ValueError(f"kind must match const 'army_moved', got '{kind}'")

        rule = d.pop("rule")

        army_moved_summary_event = cls(
            coords=coords,
            data=data,
            kind=kind,
            rule=rule,
        )

        return army_moved_summary_event
