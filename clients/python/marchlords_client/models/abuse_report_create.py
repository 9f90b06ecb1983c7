from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.report_kind import ReportKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="AbuseReportCreate")


@_attrs_define
class AbuseReportCreate:
    """What is reported and why: a message (`campaign_id`, `message_id`), a user (`username`),
    a campaign's name (`campaign_id`) or an army list (`campaign_id`, `army_id`).

        Attributes:
            kind (ReportKind):
            reason (str):
            army_id (int | None | Unset):
            campaign_id (None | Unset | UUID):
            message_id (int | None | Unset):
            username (None | str | Unset):
    """

    kind: ReportKind
    reason: str
    army_id: int | None | Unset = UNSET
    campaign_id: None | Unset | UUID = UNSET
    message_id: int | None | Unset = UNSET
    username: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        reason = self.reason

        army_id: int | None | Unset
        if isinstance(self.army_id, Unset):
            army_id = UNSET
        else:
            army_id = self.army_id

        campaign_id: None | str | Unset
        if isinstance(self.campaign_id, Unset):
            campaign_id = UNSET
        elif isinstance(self.campaign_id, UUID):
            campaign_id = str(self.campaign_id)
        else:
            campaign_id = self.campaign_id

        message_id: int | None | Unset
        if isinstance(self.message_id, Unset):
            message_id = UNSET
        else:
            message_id = self.message_id

        username: None | str | Unset
        if isinstance(self.username, Unset):
            username = UNSET
        else:
            username = self.username

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "reason": reason,
            }
        )
        if army_id is not UNSET:
            field_dict["army_id"] = army_id
        if campaign_id is not UNSET:
            field_dict["campaign_id"] = campaign_id
        if message_id is not UNSET:
            field_dict["message_id"] = message_id
        if username is not UNSET:
            field_dict["username"] = username

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = ReportKind(d.pop("kind"))

        reason = d.pop("reason")

        def _parse_army_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        army_id = _parse_army_id(d.pop("army_id", UNSET))

        def _parse_campaign_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                campaign_id_type_0 = UUID(data)

                return campaign_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        campaign_id = _parse_campaign_id(d.pop("campaign_id", UNSET))

        def _parse_message_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        message_id = _parse_message_id(d.pop("message_id", UNSET))

        def _parse_username(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        username = _parse_username(d.pop("username", UNSET))

        abuse_report_create = cls(
            kind=kind,
            reason=reason,
            army_id=army_id,
            campaign_id=campaign_id,
            message_id=message_id,
            username=username,
        )

        return abuse_report_create
