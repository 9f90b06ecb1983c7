from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PushSubscriptionRead")


@_attrs_define
class PushSubscriptionRead:
    """
    Attributes:
        created_at (datetime.datetime):
        endpoint (str):
        id (int):
        user_agent (None | str): The subscribing browser's `User-Agent`.
    """

    created_at: datetime.datetime
    endpoint: str
    id: int
    user_agent: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        endpoint = self.endpoint

        id = self.id

        user_agent: None | str
        user_agent = self.user_agent

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "endpoint": endpoint,
                "id": id,
                "user_agent": user_agent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        endpoint = d.pop("endpoint")

        id = d.pop("id")

        def _parse_user_agent(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_agent = _parse_user_agent(d.pop("user_agent"))

        push_subscription_read = cls(
            created_at=created_at,
            endpoint=endpoint,
            id=id,
            user_agent=user_agent,
        )

        push_subscription_read.additional_properties = d
        return push_subscription_read

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
