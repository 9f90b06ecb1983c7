from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EmailAddressRead")


@_attrs_define
class EmailAddressRead:
    """
    Attributes:
        address (str):
        confirmed (bool): Nothing but the confirmation is sent until it is.
        confirmed_at (datetime.datetime | None):
        unsubscribed (bool): Unsubscribed by a message's link (whichever account it was sent for): no notification goes
            to it, even set again, until it is confirmed from the mailbox.
    """

    address: str
    confirmed: bool
    confirmed_at: datetime.datetime | None
    unsubscribed: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        confirmed = self.confirmed

        confirmed_at: None | str
        if isinstance(self.confirmed_at, datetime.datetime):
            confirmed_at = self.confirmed_at.isoformat()
        else:
            confirmed_at = self.confirmed_at

        unsubscribed = self.unsubscribed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "address": address,
                "confirmed": confirmed,
                "confirmed_at": confirmed_at,
                "unsubscribed": unsubscribed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        address = d.pop("address")

        confirmed = d.pop("confirmed")

        def _parse_confirmed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                confirmed_at_type_0 = datetime.datetime.fromisoformat(data)

                return confirmed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        confirmed_at = _parse_confirmed_at(d.pop("confirmed_at"))

        unsubscribed = d.pop("unsubscribed")

        email_address_read = cls(
            address=address,
            confirmed=confirmed,
            confirmed_at=confirmed_at,
            unsubscribed=unsubscribed,
        )

        email_address_read.additional_properties = d
        return email_address_read

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
