from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.token_kind import TokenKind
from ..models.token_scope import TokenScope

T = TypeVar("T", bound="TokenRead")


@_attrs_define
class TokenRead:
    """A token's metadata (a login session or a personal access token); never its secret.

    Attributes:
        client_address (None | str): Address it was issued to (behind a trusted proxy, the forwarded one).
        created_at (datetime.datetime):
        current (bool): Whether this request was made with this token.
        expires_at (datetime.datetime | None):
        id (UUID):
        kind (TokenKind): Where a token came from: the login form or an explicit personal access token.
        last_used_at (datetime.datetime | None): Last request made with it, to the minute (not updated more often).
        name (None | str): The personal access token's name; null for sessions.
        scope (TokenScope): What a token may do: play, or also change the account's credentials (issue 42).
        user_agent (None | str): Start of the issuing request's User-Agent.
    """

    client_address: None | str
    created_at: datetime.datetime
    current: bool
    expires_at: datetime.datetime | None
    id: UUID
    kind: TokenKind
    last_used_at: datetime.datetime | None
    name: None | str
    scope: TokenScope
    user_agent: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        client_address: None | str
        client_address = self.client_address

        created_at = self.created_at.isoformat()

        current = self.current

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        id = str(self.id)

        kind = self.kind.value

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        name: None | str
        name = self.name

        scope = self.scope.value

        user_agent: None | str
        user_agent = self.user_agent

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "client_address": client_address,
                "created_at": created_at,
                "current": current,
                "expires_at": expires_at,
                "id": id,
                "kind": kind,
                "last_used_at": last_used_at,
                "name": name,
                "scope": scope,
                "user_agent": user_agent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_client_address(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        client_address = _parse_client_address(d.pop("client_address"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        current = d.pop("current")

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        id = UUID(d.pop("id"))

        kind = TokenKind(d.pop("kind"))

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        scope = TokenScope(d.pop("scope"))

        def _parse_user_agent(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_agent = _parse_user_agent(d.pop("user_agent"))

        token_read = cls(
            client_address=client_address,
            created_at=created_at,
            current=current,
            expires_at=expires_at,
            id=id,
            kind=kind,
            last_used_at=last_used_at,
            name=name,
            scope=scope,
            user_agent=user_agent,
        )

        token_read.additional_properties = d
        return token_read

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
