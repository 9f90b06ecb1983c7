from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.endpoint_format import EndpointFormat
from ..models.endpoint_scope import EndpointScope
from ..models.notification_kind import NotificationKind

T = TypeVar("T", bound="EndpointRead")


@_attrs_define
class EndpointRead:
    """
    Attributes:
        consecutive_failures (int): Failed attempts in a row.
        created_at (datetime.datetime):
        disabled_at (datetime.datetime | None):
        disabled_reason (None | str):
        enabled (bool):
        format_ (EndpointFormat):
        id (UUID):
        kinds (list[NotificationKind]):
        scope (EndpointScope):
        url (str):
    """

    consecutive_failures: int
    created_at: datetime.datetime
    disabled_at: datetime.datetime | None
    disabled_reason: None | str
    enabled: bool
    format_: EndpointFormat
    id: UUID
    kinds: list[NotificationKind]
    scope: EndpointScope
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        consecutive_failures = self.consecutive_failures

        created_at = self.created_at.isoformat()

        disabled_at: None | str
        if isinstance(self.disabled_at, datetime.datetime):
            disabled_at = self.disabled_at.isoformat()
        else:
            disabled_at = self.disabled_at

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        enabled = self.enabled

        format_ = self.format_.value

        id = str(self.id)

        kinds = []
        for kinds_item_data in self.kinds:
            kinds_item = kinds_item_data.value
            kinds.append(kinds_item)

        scope = self.scope.value

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "consecutive_failures": consecutive_failures,
                "created_at": created_at,
                "disabled_at": disabled_at,
                "disabled_reason": disabled_reason,
                "enabled": enabled,
                "format": format_,
                "id": id,
                "kinds": kinds,
                "scope": scope,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        consecutive_failures = d.pop("consecutive_failures")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_disabled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_at_type_0 = datetime.datetime.fromisoformat(data)

                return disabled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        disabled_at = _parse_disabled_at(d.pop("disabled_at"))

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        enabled = d.pop("enabled")

        format_ = EndpointFormat(d.pop("format"))

        id = UUID(d.pop("id"))

        kinds = []
        _kinds = d.pop("kinds")
        for kinds_item_data in _kinds:
            kinds_item = NotificationKind(kinds_item_data)

            kinds.append(kinds_item)

        scope = EndpointScope(d.pop("scope"))

        url = d.pop("url")

        endpoint_read = cls(
            consecutive_failures=consecutive_failures,
            created_at=created_at,
            disabled_at=disabled_at,
            disabled_reason=disabled_reason,
            enabled=enabled,
            format_=format_,
            id=id,
            kinds=kinds,
            scope=scope,
            url=url,
        )

        endpoint_read.additional_properties = d
        return endpoint_read

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
