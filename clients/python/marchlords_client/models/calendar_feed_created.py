from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CalendarFeedCreated")


@_attrs_define
class CalendarFeedCreated:
    """A new secret URL; shown in this response only (only its SHA-256 digest is stored).

    Attributes:
        issued_at (datetime.datetime):
        token (str): The secret part of `url`.
        url (str): The feed's address, for a calendar application: it works without the Authorization header, so keep it
            secret; rotating or revoking it ends it.
    """

    issued_at: datetime.datetime
    token: str
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        issued_at = self.issued_at.isoformat()

        token = self.token

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "issued_at": issued_at,
                "token": token,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        issued_at = datetime.datetime.fromisoformat(d.pop("issued_at"))

        token = d.pop("token")

        url = d.pop("url")

        calendar_feed_created = cls(
            issued_at=issued_at,
            token=token,
            url=url,
        )

        calendar_feed_created.additional_properties = d
        return calendar_feed_created

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
