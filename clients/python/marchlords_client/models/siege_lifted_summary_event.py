from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.siege_lifted_data import SiegeLiftedData


T = TypeVar("T", bound="SiegeLiftedSummaryEvent")


@_attrs_define
class SiegeLiftedSummaryEvent:
    """A `siege_lifted` line of a turn summary.

    Attributes:
        coords (list[list[int]]): The tiles it happened on that you saw.
        data (SiegeLiftedData):
        kind (Literal['siege_lifted']):
        rule (str): The rule it applies (`R-…`).
    """

    coords: list[list[int]]
    data: SiegeLiftedData
    kind: Literal["siege_lifted"]
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
        from ..models.siege_lifted_data import SiegeLiftedData  # noqa: PLC0415

        d = dict(src_dict)
        coords = []
        _coords = d.pop("coords")
        for coords_item_data in _coords:
            coords_item = cast(list[int], coords_item_data)

            coords.append(coords_item)

        data = SiegeLiftedData.from_dict(d.pop("data"))

        kind = cast(Literal["siege_lifted"], d.pop("kind"))
        if kind != "siege_lifted":
            raise ValueError(f"kind must match const 'siege_lifted', got '{kind}'")

        rule = d.pop("rule")

        siege_lifted_summary_event = cls(
            coords=coords,
            data=data,
            kind=kind,
            rule=rule,
        )

        return siege_lifted_summary_event
