from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.user_read_language_type_0 import UserReadLanguageType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="UserRead")


@_attrs_define
class UserRead:
    """A user as shown to themselves.

    Attributes:
        created_at (datetime.datetime):
        display_name (str):
        id (UUID):
        language (None | UserReadLanguageType0): My chosen language; null: each request's `Accept-Language` decides.
        username (str):
        operator (bool | Unset): Whether I am one of the server's operators (moderation): a client shows the operators'
            queue only then. Default: False.
    """

    created_at: datetime.datetime
    display_name: str
    id: UUID
    language: None | UserReadLanguageType0
    username: str
    operator: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        display_name = self.display_name

        id = str(self.id)

        language: None | str
        if isinstance(self.language, UserReadLanguageType0):
            language = self.language.value
        else:
            language = self.language

        username = self.username

        operator = self.operator

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "display_name": display_name,
                "id": id,
                "language": language,
                "username": username,
            }
        )
        if operator is not UNSET:
            field_dict["operator"] = operator

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        display_name = d.pop("display_name")

        id = UUID(d.pop("id"))

        def _parse_language(data: object) -> None | UserReadLanguageType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                language_type_0 = UserReadLanguageType0(data)

                return language_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UserReadLanguageType0, data)

        language = _parse_language(d.pop("language"))

        username = d.pop("username")

        operator = d.pop("operator", UNSET)

        user_read = cls(
            created_at=created_at,
            display_name=display_name,
            id=id,
            language=language,
            username=username,
            operator=operator,
        )

        user_read.additional_properties = d
        return user_read

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
