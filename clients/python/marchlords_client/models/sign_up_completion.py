from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SignUpCompletion")


@_attrs_define
class SignUpCompletion:
    """The account a new identity creates: its username (and display name).

    Attributes:
        ticket (str): The ticket of the redirect's fragment (`#ticket=…`).
        username (str): Login name: 3-32 characters among letters, digits, `_`, `.` and `-`.
        display_name (None | str | Unset): Shown to other players; the username if omitted.
    """

    ticket: str
    username: str
    display_name: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ticket = self.ticket

        username = self.username

        display_name: None | str | Unset
        if isinstance(self.display_name, Unset):
            display_name = UNSET
        else:
            display_name = self.display_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ticket": ticket,
                "username": username,
            }
        )
        if display_name is not UNSET:
            field_dict["display_name"] = display_name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ticket = d.pop("ticket")

        username = d.pop("username")

        def _parse_display_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        display_name = _parse_display_name(d.pop("display_name", UNSET))

        sign_up_completion = cls(
            ticket=ticket,
            username=username,
            display_name=display_name,
        )

        return sign_up_completion
