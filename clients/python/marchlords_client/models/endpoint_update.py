from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.endpoint_format import EndpointFormat
from ..models.notification_kind import NotificationKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="EndpointUpdate")


@_attrs_define
class EndpointUpdate:
    """
    Attributes:
        enabled (bool | None | Unset): `true` enables a disabled endpoint again.
        format_ (EndpointFormat | None | Unset):
        kinds (list[NotificationKind] | None | Unset):
        url (None | str | Unset):
    """

    enabled: bool | None | Unset = UNSET
    format_: EndpointFormat | None | Unset = UNSET
    kinds: list[NotificationKind] | None | Unset = UNSET
    url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        enabled: bool | None | Unset
        if isinstance(self.enabled, Unset):
            enabled = UNSET
        else:
            enabled = self.enabled

        format_: None | str | Unset
        if isinstance(self.format_, Unset):
            format_ = UNSET
        elif isinstance(self.format_, EndpointFormat):
            format_ = self.format_.value
        else:
            format_ = self.format_

        kinds: list[str] | None | Unset
        if isinstance(self.kinds, Unset):
            kinds = UNSET
        elif isinstance(self.kinds, list):
            kinds = []
            for kinds_type_0_item_data in self.kinds:
                kinds_type_0_item = kinds_type_0_item_data.value
                kinds.append(kinds_type_0_item)

        else:
            kinds = self.kinds

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if format_ is not UNSET:
            field_dict["format"] = format_
        if kinds is not UNSET:
            field_dict["kinds"] = kinds
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_enabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        enabled = _parse_enabled(d.pop("enabled", UNSET))

        def _parse_format_(data: object) -> EndpointFormat | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                format_type_0 = EndpointFormat(data)

                return format_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndpointFormat | None | Unset, data)

        format_ = _parse_format_(d.pop("format", UNSET))

        def _parse_kinds(data: object) -> list[NotificationKind] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                kinds_type_0 = []
                _kinds_type_0 = data
                for kinds_type_0_item_data in _kinds_type_0:
                    kinds_type_0_item = NotificationKind(kinds_type_0_item_data)

                    kinds_type_0.append(kinds_type_0_item)

                return kinds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[NotificationKind] | None | Unset, data)

        kinds = _parse_kinds(d.pop("kinds", UNSET))

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))

        endpoint_update = cls(
            enabled=enabled,
            format_=format_,
            kinds=kinds,
            url=url,
        )

        return endpoint_update
