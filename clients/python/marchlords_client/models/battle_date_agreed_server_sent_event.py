from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_kind import EventKind

T = TypeVar("T", bound="BattleDateAgreedServerSentEvent")


@_attrs_define
class BattleDateAgreedServerSentEvent:
    """A `battle_date_agreed` event of the stream.

    Attributes:
        data (str): A `BattleDateAgreedPayload` as JSON.
        event (EventKind): What happened: one vocabulary for turn summaries and live events (the engine's kinds, then
            the app's).
        id (str): The event's cursor: send it back as `Last-Event-ID` to resume.
    """

    data: str
    event: EventKind
    id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data

        event = self.event.value

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "event": event,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        data = d.pop("data")

        event = EventKind(d.pop("event"))

        id = d.pop("id")

        battle_date_agreed_server_sent_event = cls(
            data=data,
            event=event,
            id=id,
        )

        battle_date_agreed_server_sent_event.additional_properties = d
        return battle_date_agreed_server_sent_event

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
