from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DiscordLinkRead")


@_attrs_define
class DiscordLinkRead:
    """Whether my account is linked to a Discord user, and since when.

    Attributes:
        linked (bool):
        discord_user_id (None | str | Unset): The linked Discord user's id (a snowflake), if linked.
        linked_at (datetime.datetime | None | Unset):
    """

    linked: bool
    discord_user_id: None | str | Unset = UNSET
    linked_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        linked = self.linked

        discord_user_id: None | str | Unset
        if isinstance(self.discord_user_id, Unset):
            discord_user_id = UNSET
        else:
            discord_user_id = self.discord_user_id

        linked_at: None | str | Unset
        if isinstance(self.linked_at, Unset):
            linked_at = UNSET
        elif isinstance(self.linked_at, datetime.datetime):
            linked_at = self.linked_at.isoformat()
        else:
            linked_at = self.linked_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "linked": linked,
            }
        )
        if discord_user_id is not UNSET:
            field_dict["discord_user_id"] = discord_user_id
        if linked_at is not UNSET:
            field_dict["linked_at"] = linked_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        linked = d.pop("linked")

        def _parse_discord_user_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        discord_user_id = _parse_discord_user_id(d.pop("discord_user_id", UNSET))

        def _parse_linked_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                linked_at_type_0 = datetime.datetime.fromisoformat(data)

                return linked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        linked_at = _parse_linked_at(d.pop("linked_at", UNSET))

        discord_link_read = cls(
            linked=linked,
            discord_user_id=discord_user_id,
            linked_at=linked_at,
        )

        discord_link_read.additional_properties = d
        return discord_link_read

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
