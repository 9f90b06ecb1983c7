from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.summary_event import SummaryEvent


T = TypeVar("T", bound="TurnSummaryRead")


@_attrs_define
class TurnSummaryRead:
    """One player's summary of one turn change, within their sight at that time.

    Attributes:
        events (list[SummaryEvent]):
        number (int):
        player (int):
    """

    events: list[SummaryEvent]
    number: int
    player: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        number = self.number

        player = self.player

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "events": events,
                "number": number,
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.summary_event import SummaryEvent  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = SummaryEvent.from_dict(events_item_data)

            events.append(events_item)

        number = d.pop("number")

        player = d.pop("player")

        turn_summary_read = cls(
            events=events,
            number=number,
            player=player,
        )

        turn_summary_read.additional_properties = d
        return turn_summary_read

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
