from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.insolvent_data import InsolventData


T = TypeVar("T", bound="InsolventSummaryEvent")


@_attrs_define
class InsolventSummaryEvent:
    """A `insolvent` line of a turn summary.

    Attributes:
        coords (list[list[int]]): The tiles it happened on that you saw.
        data (InsolventData):
        kind (Literal['insolvent']):
        rule (str): The rule it applies (`R-…`).
    """

    coords: list[list[int]]
    data: InsolventData
    kind: Literal["insolvent"]
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
        from ..models.insolvent_data import InsolventData  # noqa: PLC0415

        d = dict(src_dict)
        coords = []
        _coords = d.pop("coords")
        for coords_item_data in _coords:
            coords_item = cast(list[int], coords_item_data)

            coords.append(coords_item)

        data = InsolventData.from_dict(d.pop("data"))

        kind = cast(Literal["insolvent"], d.pop("kind"))
        if kind != "insolvent":
            raise ValueError(f"kind must match const 'insolvent', got '{kind}'")

        rule = d.pop("rule")

        insolvent_summary_event = cls(
            coords=coords,
            data=data,
            kind=kind,
            rule=rule,
        )

        return insolvent_summary_event
