from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="EmailAddressSet")


@_attrs_define
class EmailAddressSet:
    """
    Attributes:
        address (str): Exactly one plain address, as `email-validator` accepts it (the `pattern` is a first test): a
            dot-atom local part, `@`, a domain name whose last label is not all digits nor a special-use name (`test`,
            `local`, `localhost`, `invalid`, `onion`, `arpa`); no comment, list, display name, quoted part or domain literal
            (422). Stored and sent to normalised (the domain in lower case).
    """

    address: str

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "address": address,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        address = d.pop("address")

        email_address_set = cls(
            address=address,
        )

        return email_address_set
