from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_kind import EventKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="ServerSentEvent")


@_attrs_define
class ServerSentEvent:
    """One event of the stream, as an SSE parser (`EventSource`) hands it over.

    Attributes:
        data (str | Unset): The event's payload as JSON.
        event (EventKind | Unset): The one vocabulary of what happens (snake_case): the engine's events in turn
            summaries
            and history, the app's summary-only lines, and the live events (SSE) alike.

            A battle appears in a turn summary as `encounter` (R-MOVE-3: armies met on a tile, or an
            army reached an enemy's structure; `data`: `battle_id`, `kind` of battle), and live as
            `battle_declared`; its outcome as `battle_resolved` (summary) and `battle_confirmed` (live).
        id (str | Unset): The event's cursor: send it back as `Last-Event-ID` to resume.
        retry (int | Unset): Milliseconds a client waits before reconnecting (first frame).
    """

    data: str | Unset = UNSET
    event: EventKind | Unset = UNSET
    id: str | Unset = UNSET
    retry: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data

        event: str | Unset = UNSET
        if not isinstance(self.event, Unset):
            event = self.event.value

        id = self.id

        retry = self.retry

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if data is not UNSET:
            field_dict["data"] = data
        if event is not UNSET:
            field_dict["event"] = event
        if id is not UNSET:
            field_dict["id"] = id
        if retry is not UNSET:
            field_dict["retry"] = retry

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        data = d.pop("data", UNSET)

        _event = d.pop("event", UNSET)
        event: EventKind | Unset
        if isinstance(_event, Unset):
            event = UNSET
        else:
            event = EventKind(_event)

        id = d.pop("id", UNSET)

        retry = d.pop("retry", UNSET)

        server_sent_event = cls(
            data=data,
            event=event,
            id=id,
            retry=retry,
        )

        server_sent_event.additional_properties = d
        return server_sent_event

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
