from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.report_kind import ReportKind

T = TypeVar("T", bound="AbuseReportRead")


@_attrs_define
class AbuseReportRead:
    """A report as an operator reads it: the reported item as its reporter saw it, and whom it
    is about; never anything else of its campaign.

        Attributes:
            army_id (int | None):
            campaign_id (None | UUID):
            campaign_name (None | str): The campaign's name now.
            created_at (datetime.datetime):
            excerpt (str): The reported item as its reporter saw it.
            id (UUID):
            kind (ReportKind):
            message_hidden (bool | None): For a message: hidden by an operator.
            message_id (int | None):
            reason (str):
            reported_user (None | str): The user it is about: the reported user, a message's sender, an army list's holder
                or a campaign's owner (None: unknown or deleted).
            reported_user_suspended (bool):
            reporter (None | str): The reporter's username (None: account deleted).
            resolved_at (datetime.datetime | None):
    """

    army_id: int | None
    campaign_id: None | UUID
    campaign_name: None | str
    created_at: datetime.datetime
    excerpt: str
    id: UUID
    kind: ReportKind
    message_hidden: bool | None
    message_id: int | None
    reason: str
    reported_user: None | str
    reported_user_suspended: bool
    reporter: None | str
    resolved_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        army_id: int | None
        army_id = self.army_id

        campaign_id: None | str
        if isinstance(self.campaign_id, UUID):
            campaign_id = str(self.campaign_id)
        else:
            campaign_id = self.campaign_id

        campaign_name: None | str
        campaign_name = self.campaign_name

        created_at = self.created_at.isoformat()

        excerpt = self.excerpt

        id = str(self.id)

        kind = self.kind.value

        message_hidden: bool | None
        message_hidden = self.message_hidden

        message_id: int | None
        message_id = self.message_id

        reason = self.reason

        reported_user: None | str
        reported_user = self.reported_user

        reported_user_suspended = self.reported_user_suspended

        reporter: None | str
        reporter = self.reporter

        resolved_at: None | str
        if isinstance(self.resolved_at, datetime.datetime):
            resolved_at = self.resolved_at.isoformat()
        else:
            resolved_at = self.resolved_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "army_id": army_id,
                "campaign_id": campaign_id,
                "campaign_name": campaign_name,
                "created_at": created_at,
                "excerpt": excerpt,
                "id": id,
                "kind": kind,
                "message_hidden": message_hidden,
                "message_id": message_id,
                "reason": reason,
                "reported_user": reported_user,
                "reported_user_suspended": reported_user_suspended,
                "reporter": reporter,
                "resolved_at": resolved_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_army_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        army_id = _parse_army_id(d.pop("army_id"))

        def _parse_campaign_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                campaign_id_type_0 = UUID(data)

                return campaign_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        campaign_id = _parse_campaign_id(d.pop("campaign_id"))

        def _parse_campaign_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        campaign_name = _parse_campaign_name(d.pop("campaign_name"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        excerpt = d.pop("excerpt")

        id = UUID(d.pop("id"))

        kind = ReportKind(d.pop("kind"))

        def _parse_message_hidden(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        message_hidden = _parse_message_hidden(d.pop("message_hidden"))

        def _parse_message_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        message_id = _parse_message_id(d.pop("message_id"))

        reason = d.pop("reason")

        def _parse_reported_user(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reported_user = _parse_reported_user(d.pop("reported_user"))

        reported_user_suspended = d.pop("reported_user_suspended")

        def _parse_reporter(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reporter = _parse_reporter(d.pop("reporter"))

        def _parse_resolved_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolved_at_type_0 = datetime.datetime.fromisoformat(data)

                return resolved_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        resolved_at = _parse_resolved_at(d.pop("resolved_at"))

        abuse_report_read = cls(
            army_id=army_id,
            campaign_id=campaign_id,
            campaign_name=campaign_name,
            created_at=created_at,
            excerpt=excerpt,
            id=id,
            kind=kind,
            message_hidden=message_hidden,
            message_id=message_id,
            reason=reason,
            reported_user=reported_user,
            reported_user_suspended=reported_user_suspended,
            reporter=reporter,
            resolved_at=resolved_at,
        )

        abuse_report_read.additional_properties = d
        return abuse_report_read

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
