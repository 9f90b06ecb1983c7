from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayByDate")


@_attrs_define
class PlayByDate:
    """A play-by date to propose, or the pending proposal to accept (R-BAT-8).

    Attributes:
        date (datetime.datetime): When the battle is to be played by: a date-time with its offset, in the future and at
            most 90 days ahead (422 `R-BAT-8` otherwise); kept to the second, in UTC.
    """

    date: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "date": date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        date = datetime.datetime.fromisoformat(d.pop("date"))

        play_by_date = cls(
            date=date,
        )

        return play_by_date
