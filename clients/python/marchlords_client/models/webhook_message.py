from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.notification_kind import NotificationKind

if TYPE_CHECKING:
    from ..models.notification_data import NotificationData


T = TypeVar("T", bound="WebhookMessage")


@_attrs_define
class WebhookMessage:
    """A `json` endpoint's body (Standard Webhooks payload structure).

    Attributes:
        data (NotificationData): The `data` of a JSON notification: the same facts the Discord and Slack texts show.
        timestamp (datetime.datetime): When the notification was written.
        type_ (NotificationKind):
    """

    data: NotificationData
    timestamp: datetime.datetime
    type_: NotificationKind
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        timestamp = self.timestamp.isoformat()

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "timestamp": timestamp,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.notification_data import NotificationData  # noqa: PLC0415

        d = dict(src_dict)
        data = NotificationData.from_dict(d.pop("data"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        type_ = NotificationKind(d.pop("type"))

        webhook_message = cls(
            data=data,
            timestamp=timestamp,
            type_=type_,
        )

        webhook_message.additional_properties = d
        return webhook_message

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
