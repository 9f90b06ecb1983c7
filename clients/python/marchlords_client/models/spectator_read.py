from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SpectatorRead")


@_attrs_define
class SpectatorRead:
    """A spectator of the campaign, as its owner (and the spectator) sees them.

    Attributes:
        display_name (str):
        since (datetime.datetime):
        user_id (UUID):
        username (str):
    """

    display_name: str
    since: datetime.datetime
    user_id: UUID
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        display_name = self.display_name

        since = self.since.isoformat()

        user_id = str(self.user_id)

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "display_name": display_name,
                "since": since,
                "user_id": user_id,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        display_name = d.pop("display_name")

        since = datetime.datetime.fromisoformat(d.pop("since"))

        user_id = UUID(d.pop("user_id"))

        username = d.pop("username")

        spectator_read = cls(
            display_name=display_name,
            since=since,
            user_id=user_id,
            username=username,
        )

        spectator_read.additional_properties = d
        return spectator_read

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
