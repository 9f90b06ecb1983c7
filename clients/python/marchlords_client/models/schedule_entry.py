from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.schedule_entry_weekday_type_1 import ScheduleEntryWeekdayType1

T = TypeVar("T", bound="ScheduleEntry")


@_attrs_define
class ScheduleEntry:
    """One turn change a week (R-TURN-9): a weekday and a local time in the schedule's zone.

    Attributes:
        time (str): Local wall time `HH:MM` (24 h) in the schedule's `time_zone`.
        weekday (int | ScheduleEntryWeekdayType1): 0 (Monday) to 6 (Sunday), or an English weekday name (`tuesday`,
            `tue`); answered as its number.
    """

    time: str
    weekday: int | ScheduleEntryWeekdayType1

    def to_dict(self) -> dict[str, Any]:
        time = self.time

        weekday: int | str
        if isinstance(self.weekday, ScheduleEntryWeekdayType1):
            weekday = self.weekday.value
        else:
            weekday = self.weekday

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "time": time,
                "weekday": weekday,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        time = d.pop("time")

        def _parse_weekday(data: object) -> int | ScheduleEntryWeekdayType1:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                weekday_type_1 = ScheduleEntryWeekdayType1(data)

                return weekday_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | ScheduleEntryWeekdayType1, data)

        weekday = _parse_weekday(d.pop("weekday"))

        schedule_entry = cls(
            time=time,
            weekday=weekday,
        )

        return schedule_entry
