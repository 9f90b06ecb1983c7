from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.user_update_language_type_0 import UserUpdateLanguageType0

T = TypeVar("T", bound="UserUpdate")


@_attrs_define
class UserUpdate:
    """Changes to my profile.

    Attributes:
        language (None | UserUpdateLanguageType0): The language the server writes to me in (problems, summaries,
            notifications, emails); null: each request's `Accept-Language` decides.
    """

    language: None | UserUpdateLanguageType0

    def to_dict(self) -> dict[str, Any]:
        language: None | str
        if isinstance(self.language, UserUpdateLanguageType0):
            language = self.language.value
        else:
            language = self.language

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "language": language,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_language(data: object) -> None | UserUpdateLanguageType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                language_type_0 = UserUpdateLanguageType0(data)

                return language_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UserUpdateLanguageType0, data)

        language = _parse_language(d.pop("language"))

        user_update = cls(
            language=language,
        )

        return user_update
