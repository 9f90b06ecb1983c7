from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.notification_preferences_kinds import NotificationPreferencesKinds


T = TypeVar("T", bound="NotificationPreferences")


@_attrs_define
class NotificationPreferences:
    """Quiet hours, vacation and what you hear on each channel, in every campaign.

    Attributes:
        digest_hour (int | Unset): Local hour (in `time_zone`) of the email digest. Default: 8.
        kinds (NotificationPreferencesKinds | Unset): Per kind of notification, each channel `on` or `off` (email: or
            `digest`, once a day at `digest_hour`); a kind not named is on everywhere.
        quiet_end (None | str | Unset): Local time they end (e.g. `07:30`); notifications due meanwhile wait until then.
            May be earlier than `quiet_start` (overnight).
        quiet_start (None | str | Unset): Local time the quiet hours begin (e.g. `22:00`).
        time_zone (str | Unset): IANA time zone of the quiet hours: a name the server's time zone database knows
            (`Europe/Paris`), else 422 `validation_error`. Default: 'UTC'.
        vacation (bool | Unset): While true, personal notifications are not sent (muted). Default: False.
    """

    digest_hour: int | Unset = 8
    kinds: NotificationPreferencesKinds | Unset = UNSET
    quiet_end: None | str | Unset = UNSET
    quiet_start: None | str | Unset = UNSET
    time_zone: str | Unset = "UTC"
    vacation: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        digest_hour = self.digest_hour

        kinds: dict[str, Any] | Unset = UNSET
        if not isinstance(self.kinds, Unset):
            kinds = self.kinds.to_dict()

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
        if digest_hour is not UNSET:
            field_dict["digest_hour"] = digest_hour
        if kinds is not UNSET:
            field_dict["kinds"] = kinds
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
        from ..models.notification_preferences_kinds import NotificationPreferencesKinds  # noqa: PLC0415

        d = dict(src_dict)
        digest_hour = d.pop("digest_hour", UNSET)

        _kinds = d.pop("kinds", UNSET)
        kinds: NotificationPreferencesKinds | Unset
        if isinstance(_kinds, Unset):
            kinds = UNSET
        else:
            kinds = NotificationPreferencesKinds.from_dict(_kinds)

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
            digest_hour=digest_hour,
            kinds=kinds,
            quiet_end=quiet_end,
            quiet_start=quiet_start,
            time_zone=time_zone,
            vacation=vacation,
        )

        return notification_preferences
