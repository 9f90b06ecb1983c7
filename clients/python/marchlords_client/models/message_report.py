from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="MessageReport")


@_attrs_define
class MessageReport:
    """A message of your mailbox (sent or received).

    Attributes:
        campaign_id (UUID):
        kind (Literal['message']):
        message_id (int):
        reason (str):
    """

    campaign_id: UUID
    kind: Literal["message"]
    message_id: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        campaign_id = str(self.campaign_id)

        kind = self.kind

        message_id = self.message_id

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "campaign_id": campaign_id,
                "kind": kind,
                "message_id": message_id,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        campaign_id = UUID(d.pop("campaign_id"))

        kind = cast(Literal["message"], d.pop("kind"))
        if kind != "message":
            raise ValueError(f"kind must match const 'message', got '{kind}'")

        message_id = d.pop("message_id")

        reason = d.pop("reason")

        message_report = cls(
            campaign_id=campaign_id,
            kind=kind,
            message_id=message_id,
            reason=reason,
        )

        return message_report
