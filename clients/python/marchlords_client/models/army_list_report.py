from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="ArmyListReport")


@_attrs_define
class ArmyListReport:
    """An army list you may read (R-FOG-4).

    Attributes:
        army_id (int):
        campaign_id (UUID):
        kind (Literal['army_list']):
        reason (str):
    """

    army_id: int
    campaign_id: UUID
    kind: Literal["army_list"]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        campaign_id = str(self.campaign_id)

        kind = self.kind

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "campaign_id": campaign_id,
                "kind": kind,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_id = d.pop("army_id")

        campaign_id = UUID(d.pop("campaign_id"))

        kind = cast(Literal["army_list"], d.pop("kind"))
        if kind != "army_list":
            raise ValueError(f"kind must match const 'army_list', got '{kind}'")

        reason = d.pop("reason")

        army_list_report = cls(
            army_id=army_id,
            campaign_id=campaign_id,
            kind=kind,
            reason=reason,
        )

        return army_list_report
