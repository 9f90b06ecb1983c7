from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PasswordChange")


@_attrs_define
class PasswordChange:
    """A new password, given with the current one (none for an account's first password).

    Attributes:
        new_password (str):
        current_password (None | str | Unset): Required once the account has a password; omitted to set the first
            password of an account made with another provider's sign-in (within minutes of a sign-in).
    """

    new_password: str
    current_password: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        new_password = self.new_password

        current_password: None | str | Unset
        if isinstance(self.current_password, Unset):
            current_password = UNSET
        else:
            current_password = self.current_password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "new_password": new_password,
            }
        )
        if current_password is not UNSET:
            field_dict["current_password"] = current_password

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        new_password = d.pop("new_password")

        def _parse_current_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        current_password = _parse_current_password(d.pop("current_password", UNSET))

        password_change = cls(
            new_password=new_password,
            current_password=current_password,
        )

        return password_change
