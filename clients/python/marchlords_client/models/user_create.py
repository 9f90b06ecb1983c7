from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UserCreate")


@_attrs_define
class UserCreate:
    """Registration form.

    Attributes:
        display_name (str):
        password (str):
        username (str): Login name: 3-32 characters among letters, digits, `_`, `.` and `-`.
    """

    display_name: str
    password: str
    username: str

    def to_dict(self) -> dict[str, Any]:
        display_name = self.display_name

        password = self.password

        username = self.username

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "display_name": display_name,
                "password": password,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        display_name = d.pop("display_name")

        password = d.pop("password")

        username = d.pop("username")

        user_create = cls(
            display_name=display_name,
            password=password,
            username=username,
        )

        return user_create
