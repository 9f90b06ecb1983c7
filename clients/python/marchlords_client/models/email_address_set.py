from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EmailAddressSet")


@_attrs_define
class EmailAddressSet:
    """
    Attributes:
        address (str): Exactly one plain address, as `email-validator` accepts it (the `pattern` is a first test): a
            dot-atom local part, `@`, a domain name whose last label is not all digits nor a special-use name (`test`,
            `local`, `localhost`, `invalid`, `onion`, `arpa`); no comment, list, display name, quoted part or domain literal
            (422). Stored and sent to normalised (the domain in lower case).
        current_password (None | str | Unset): Your current password: needed unless this request's session signed in
            within the last few minutes.
    """

    address: str
    current_password: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        current_password: None | str | Unset
        if isinstance(self.current_password, Unset):
            current_password = UNSET
        else:
            current_password = self.current_password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "address": address,
            }
        )
        if current_password is not UNSET:
            field_dict["current_password"] = current_password

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        address = d.pop("address")

        def _parse_current_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        current_password = _parse_current_password(d.pop("current_password", UNSET))

        email_address_set = cls(
            address=address,
            current_password=current_password,
        )

        return email_address_set
