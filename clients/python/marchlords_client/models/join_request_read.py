from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="JoinRequestRead")


@_attrs_define
class JoinRequestRead:
    """A request to join, as its maker and the campaign's owner see it (R-CAMP-11).

    Attributes:
        campaign_id (UUID):
        campaign_name (str):
        display_name (str):
        id (UUID):
        made_at (datetime.datetime):
        note (None | str):
        number (int | None): The open seat asked for; null: a lobby place.
        username (str):
    """

    campaign_id: UUID
    campaign_name: str
    display_name: str
    id: UUID
    made_at: datetime.datetime
    note: None | str
    number: int | None
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = str(self.campaign_id)

        campaign_name = self.campaign_name

        display_name = self.display_name

        id = str(self.id)

        made_at = self.made_at.isoformat()

        note: None | str
        note = self.note

        number: int | None
        number = self.number

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "campaign_name": campaign_name,
                "display_name": display_name,
                "id": id,
                "made_at": made_at,
                "note": note,
                "number": number,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        campaign_id = UUID(d.pop("campaign_id"))

        campaign_name = d.pop("campaign_name")

        display_name = d.pop("display_name")

        id = UUID(d.pop("id"))

        made_at = datetime.datetime.fromisoformat(d.pop("made_at"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        def _parse_number(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        number = _parse_number(d.pop("number"))

        username = d.pop("username")

        join_request_read = cls(
            campaign_id=campaign_id,
            campaign_name=campaign_name,
            display_name=display_name,
            id=id,
            made_at=made_at,
            note=note,
            number=number,
            username=username,
        )

        join_request_read.additional_properties = d
        return join_request_read

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
