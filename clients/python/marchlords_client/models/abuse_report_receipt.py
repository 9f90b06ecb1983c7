from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.report_kind import ReportKind

T = TypeVar("T", bound="AbuseReportReceipt")


@_attrs_define
class AbuseReportReceipt:
    """Your report, received: the operators will read it. Nothing of whom it is about.

    Attributes:
        created_at (datetime.datetime):
        id (UUID):
        kind (ReportKind):
    """

    created_at: datetime.datetime
    id: UUID
    kind: ReportKind
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        id = str(self.id)

        kind = self.kind.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = UUID(d.pop("id"))

        kind = ReportKind(d.pop("kind"))

        abuse_report_receipt = cls(
            created_at=created_at,
            id=id,
            kind=kind,
        )

        abuse_report_receipt.additional_properties = d
        return abuse_report_receipt

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
