from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_kind import EventKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.summary_event_data import SummaryEventData


T = TypeVar("T", bound="SummaryEvent")


@_attrs_define
class SummaryEvent:
    """Something one player saw happen at a turn change (R-TURN-4 step 6).

    Attributes:
        kind (EventKind): The one vocabulary of what happens (snake_case): the engine's events in turn summaries
            and history, the app's summary-only lines, and the live events (SSE) alike.

            A battle appears in a turn summary as `encounter` (R-MOVE-3: armies met on a tile, or an
            army reached an enemy's structure; `data`: `battle_id`, `kind` of battle), and live as
            `battle_declared`; its outcome as `battle_resolved` (summary) and `battle_confirmed` (live).
        rule (str):
        coords (list[list[int]] | Unset):
        data (SummaryEventData | Unset):
    """

    kind: EventKind
    rule: str
    coords: list[list[int]] | Unset = UNSET
    data: SummaryEventData | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        rule = self.rule

        coords: list[list[int]] | Unset = UNSET
        if not isinstance(self.coords, Unset):
            coords = []
            for coords_item_data in self.coords:
                coords_item = coords_item_data

                coords.append(coords_item)

        data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "rule": rule,
            }
        )
        if coords is not UNSET:
            field_dict["coords"] = coords
        if data is not UNSET:
            field_dict["data"] = data

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.summary_event_data import SummaryEventData  # noqa: PLC0415

        d = dict(src_dict)
        kind = EventKind(d.pop("kind"))

        rule = d.pop("rule")

        _coords = d.pop("coords", UNSET)
        coords: list[list[int]] | Unset = UNSET
        if _coords is not UNSET:
            coords = []
            for coords_item_data in _coords:
                coords_item = cast(list[int], coords_item_data)

                coords.append(coords_item)

        _data = d.pop("data", UNSET)
        data: SummaryEventData | Unset
        if isinstance(_data, Unset):
            data = UNSET
        else:
            data = SummaryEventData.from_dict(_data)

        summary_event = cls(
            kind=kind,
            rule=rule,
            coords=coords,
            data=data,
        )

        summary_event.additional_properties = d
        return summary_event

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
