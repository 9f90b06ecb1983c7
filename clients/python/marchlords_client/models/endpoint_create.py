from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.endpoint_format import EndpointFormat
from ..models.endpoint_scope import EndpointScope
from ..models.notification_kind import NotificationKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="EndpointCreate")


@_attrs_define
class EndpointCreate:
    """
    Attributes:
        url (str): Where to post: `https://` on a public address (see docs/players/notifications.md). A Discord or Slack
            webhook URL for those formats.
        format_ (EndpointFormat | Unset):
        kinds (list[NotificationKind] | None | Unset): What to hear about; default: every kind the scope allows.
            Personal: `campaign_started`, `turn_started`, `summary_ready`, `battle_awaits_report`,
            `battle_awaits_confirmation`, `edict_awaits_answer`, `deadline_reminder`, `last_not_ready`, `message_received`,
            `campaign_ended`. Campaign: `campaign_started`, `turn_started`, `campaign_ended`.
        scope (EndpointScope | Unset):
    """

    url: str
    format_: EndpointFormat | Unset = UNSET
    kinds: list[NotificationKind] | None | Unset = UNSET
    scope: EndpointScope | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value

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

        scope: str | Unset = UNSET
        if not isinstance(self.scope, Unset):
            scope = self.scope.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if format_ is not UNSET:
            field_dict["format"] = format_
        if kinds is not UNSET:
            field_dict["kinds"] = kinds
        if scope is not UNSET:
            field_dict["scope"] = scope

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        _format_ = d.pop("format", UNSET)
        format_: EndpointFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = EndpointFormat(_format_)

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

        _scope = d.pop("scope", UNSET)
        scope: EndpointScope | Unset
        if isinstance(_scope, Unset):
            scope = UNSET
        else:
            scope = EndpointScope(_scope)

        endpoint_create = cls(
            url=url,
            format_=format_,
            kinds=kinds,
            scope=scope,
        )

        return endpoint_create
