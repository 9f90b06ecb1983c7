from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="CampaignReport")


@_attrs_define
class CampaignReport:
    """A campaign's name: one you are a member of, or a public one.

    Attributes:
        campaign_id (UUID):
        kind (Literal['campaign']):
        reason (str):
    """

    campaign_id: UUID
    kind: Literal["campaign"]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        campaign_id = str(self.campaign_id)

        kind = self.kind

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "campaign_id": campaign_id,
                "kind": kind,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        campaign_id = UUID(d.pop("campaign_id"))

        kind = cast(Literal["campaign"], d.pop("kind"))
        if kind != "campaign":
            raise ValueError(f"kind must match const 'campaign', got '{kind}'")

        reason = d.pop("reason")

        campaign_report = cls(
            campaign_id=campaign_id,
            kind=kind,
            reason=reason,
        )

        return campaign_report
