from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExportedPendingSummaryEventsRow")


@_attrs_define
class ExportedPendingSummaryEventsRow:
    """A `pending_summary_events` row.

    Attributes:
        event (Any):
        player (int):
    """

    event: Any
    player: int

    def to_dict(self) -> dict[str, Any]:
        event = self.event

        player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "event": event,
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event = d.pop("event")

        player = d.pop("player")

        exported_pending_summary_events_row = cls(
            event=event,
            player=player,
        )

        return exported_pending_summary_events_row
