from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PasswordResetConfirm")


@_attrs_define
class PasswordResetConfirm:
    """
    Attributes:
        new_password (str):
        token (str): The secret of the link.
    """

    new_password: str
    token: str

    def to_dict(self) -> dict[str, Any]:
        new_password = self.new_password

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "new_password": new_password,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        new_password = d.pop("new_password")

        token = d.pop("token")

        password_reset_confirm = cls(
            new_password=new_password,
            token=token,
        )

        return password_reset_confirm
