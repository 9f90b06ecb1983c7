from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CampaignRename")


@_attrs_define
class CampaignRename:
    """
    Attributes:
        name (str):
        reason (str):
    """

    name: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        reason = d.pop("reason")

        campaign_rename = cls(
            name=name,
            reason=reason,
        )

        return campaign_rename
