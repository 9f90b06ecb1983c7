from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookDisabledPayload")


@_attrs_define
class WebhookDisabledPayload:
    """
    Attributes:
        endpoint_id (UUID):
        reason (None | str):
    """

    endpoint_id: UUID
    reason: None | str

    def to_dict(self) -> dict[str, Any]:
        endpoint_id = str(self.endpoint_id)

        reason: None | str
        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "endpoint_id": endpoint_id,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        endpoint_id = UUID(d.pop("endpoint_id"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        webhook_disabled_payload = cls(
            endpoint_id=endpoint_id,
            reason=reason,
        )

        return webhook_disabled_payload
