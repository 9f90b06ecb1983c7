from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.token_scope import TokenScope
from ..types import UNSET, Unset

T = TypeVar("T", bound="TokenCreate")


@_attrs_define
class TokenCreate:
    """Request for a new personal access token.

    Attributes:
        name (str):
        current_password (None | str | Unset): Your current password: needed for the `account` scope, unless this
            request's session signed in within the last few minutes.
        expires_in_days (int | None | Unset): Lifetime in days; omit for no expiry.
        scope (TokenScope | Unset): What a token may do: play, or also change the account's credentials (issue 42).
    """

    name: str
    current_password: None | str | Unset = UNSET
    expires_in_days: int | None | Unset = UNSET
    scope: TokenScope | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        current_password: None | str | Unset
        if isinstance(self.current_password, Unset):
            current_password = UNSET
        else:
            current_password = self.current_password

        expires_in_days: int | None | Unset
        if isinstance(self.expires_in_days, Unset):
            expires_in_days = UNSET
        else:
            expires_in_days = self.expires_in_days

        scope: str | Unset = UNSET
        if not isinstance(self.scope, Unset):
            scope = self.scope.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if current_password is not UNSET:
            field_dict["current_password"] = current_password
        if expires_in_days is not UNSET:
            field_dict["expires_in_days"] = expires_in_days
        if scope is not UNSET:
            field_dict["scope"] = scope

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_current_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        current_password = _parse_current_password(d.pop("current_password", UNSET))

        def _parse_expires_in_days(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        expires_in_days = _parse_expires_in_days(d.pop("expires_in_days", UNSET))

        _scope = d.pop("scope", UNSET)
        scope: TokenScope | Unset
        if isinstance(_scope, Unset):
            scope = UNSET
        else:
            scope = TokenScope(_scope)

        token_create = cls(
            name=name,
            current_password=current_password,
            expires_in_days=expires_in_days,
            scope=scope,
        )

        return token_create
