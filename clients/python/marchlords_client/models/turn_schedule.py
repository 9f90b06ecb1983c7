from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.schedule_entry import ScheduleEntry


T = TypeVar("T", bound="TurnSchedule")


@_attrs_define
class TurnSchedule:
    """R-TURN-9: turns change at fixed local times of the week, e.g. Tuesdays and Fridays at
    20:00 Paris time; each turn's deadline is the first of them at least `min_turn_hours`
    after it started. R-TURN-10: across a daylight-saving change the local time is kept.

        Attributes:
            entries (list[ScheduleEntry]):
            time_zone (str): IANA time zone of the local times (`Europe/Paris`), else 422.
            min_turn_hours (int | Unset): A turn lasts at least this many hours: a scheduled time closer to its start is
                skipped for the next one. Default: 12.
    """

    entries: list[ScheduleEntry]
    time_zone: str
    min_turn_hours: int | Unset = 12

    def to_dict(self) -> dict[str, Any]:
        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        time_zone = self.time_zone

        min_turn_hours = self.min_turn_hours

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entries": entries,
                "time_zone": time_zone,
            }
        )
        if min_turn_hours is not UNSET:
            field_dict["min_turn_hours"] = min_turn_hours

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.schedule_entry import ScheduleEntry  # noqa: PLC0415

        d = dict(src_dict)
        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = ScheduleEntry.from_dict(entries_item_data)

            entries.append(entries_item)

        time_zone = d.pop("time_zone")

        min_turn_hours = d.pop("min_turn_hours", UNSET)

        turn_schedule = cls(
            entries=entries,
            time_zone=time_zone,
            min_turn_hours=min_turn_hours,
        )

        return turn_schedule
