from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.audit_action import AuditAction

T = TypeVar("T", bound="AuditEntry")


@_attrs_define
class AuditEntry:
    """One operator's act: who, when, what, on what, and why.

    Attributes:
        action (AuditAction):
        at (datetime.datetime):
        id (UUID):
        operator (str):
        reason (str):
        report_id (None | UUID):
        subject (str): Whom or what it acted on (a username, a campaign, …).
    """

    action: AuditAction
    at: datetime.datetime
    id: UUID
    operator: str
    reason: str
    report_id: None | UUID
    subject: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        at = self.at.isoformat()

        id = str(self.id)

        operator = self.operator

        reason = self.reason

        report_id: None | str
        if isinstance(self.report_id, UUID):
            report_id = str(self.report_id)
        else:
            report_id = self.report_id

        subject = self.subject

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action": action,
                "at": at,
                "id": id,
                "operator": operator,
                "reason": reason,
                "report_id": report_id,
                "subject": subject,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = AuditAction(d.pop("action"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        id = UUID(d.pop("id"))

        operator = d.pop("operator")

        reason = d.pop("reason")

        def _parse_report_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                report_id_type_0 = UUID(data)

                return report_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        report_id = _parse_report_id(d.pop("report_id"))

        subject = d.pop("subject")

        audit_entry = cls(
            action=action,
            at=at,
            id=id,
            operator=operator,
            reason=reason,
            report_id=report_id,
            subject=subject,
        )

        audit_entry.additional_properties = d
        return audit_entry

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
