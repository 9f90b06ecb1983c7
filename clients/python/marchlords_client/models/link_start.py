from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LinkStart")


@_attrs_define
class LinkStart:
    """Link an identity: sudo (the password, or a sign-in of the last minutes).

    Attributes:
        current_password (None | str | Unset): The current password; may be omitted within minutes of a sign-in.
        return_to (str | Unset): A path of the web client (`/campaigns/…`): another site's is refused. Default:
            '/settings'.
    """

    current_password: None | str | Unset = UNSET
    return_to: str | Unset = "/settings"

    def to_dict(self) -> dict[str, Any]:
        current_password: None | str | Unset
        if isinstance(self.current_password, Unset):
            current_password = UNSET
        else:
            current_password = self.current_password

        return_to = self.return_to

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if current_password is not UNSET:
            field_dict["current_password"] = current_password
        if return_to is not UNSET:
            field_dict["return_to"] = return_to

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_current_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        current_password = _parse_current_password(d.pop("current_password", UNSET))

        return_to = d.pop("return_to", UNSET)

        link_start = cls(
            current_password=current_password,
            return_to=return_to,
        )

        return link_start
