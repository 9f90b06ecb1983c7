from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="NotificationPreferences")


@_attrs_define
class NotificationPreferences:
    """Quiet hours and vacation, for your personal endpoints in every campaign.

    Attributes:
        quiet_end (None | str | Unset): Local time they end (e.g. `07:30`); notifications due meanwhile wait until then.
            May be earlier than `quiet_start` (overnight).
        quiet_start (None | str | Unset): Local time the quiet hours begin (e.g. `22:00`).
        time_zone (str | Unset): IANA time zone of the quiet hours. Default: 'UTC'.
        vacation (bool | Unset): While true, personal notifications are not sent (muted). Default: False.
    """

    quiet_end: None | str | Unset = UNSET
    quiet_start: None | str | Unset = UNSET
    time_zone: str | Unset = "UTC"
    vacation: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        quiet_end: None | str | Unset
        if isinstance(self.quiet_end, Unset):
            quiet_end = UNSET
        else:
            quiet_end = self.quiet_end

        quiet_start: None | str | Unset
        if isinstance(self.quiet_start, Unset):
            quiet_start = UNSET
        else:
            quiet_start = self.quiet_start

        time_zone = self.time_zone

        vacation = self.vacation

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if quiet_end is not UNSET:
            field_dict["quiet_end"] = quiet_end
        if quiet_start is not UNSET:
            field_dict["quiet_start"] = quiet_start
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone
        if vacation is not UNSET:
            field_dict["vacation"] = vacation

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_quiet_end(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        quiet_end = _parse_quiet_end(d.pop("quiet_end", UNSET))

        def _parse_quiet_start(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        quiet_start = _parse_quiet_start(d.pop("quiet_start", UNSET))

        time_zone = d.pop("time_zone", UNSET)

        vacation = d.pop("vacation", UNSET)

        notification_preferences = cls(
            quiet_end=quiet_end,
            quiet_start=quiet_start,
            time_zone=time_zone,
            vacation=vacation,
        )

        return notification_preferences
