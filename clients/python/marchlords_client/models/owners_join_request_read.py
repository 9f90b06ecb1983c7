from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.reliability_read import ReliabilityRead


T = TypeVar("T", bound="OwnersJoinRequestRead")


@_attrs_define
class OwnersJoinRequestRead:
    """A request to join as the campaign's owner sees it: with the asker's reliability.

    Attributes:
        campaign_id (UUID):
        campaign_name (str):
        display_name (str):
        id (UUID):
        made_at (datetime.datetime):
        note (None | str):
        number (int | None): The open seat asked for; null: a lobby place.
        reliability (ReliabilityRead): How a user has played, over their finished and running campaigns (R-CAMP-14):
            counts
            only, so nothing tells which campaigns (anonymity, R-CAMP-5, stays whole).
        username (str):
    """

    campaign_id: UUID
    campaign_name: str
    display_name: str
    id: UUID
    made_at: datetime.datetime
    note: None | str
    number: int | None
    reliability: ReliabilityRead
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

        reliability = self.reliability.to_dict()

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
                "reliability": reliability,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reliability_read import ReliabilityRead  # noqa: PLC0415

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

        reliability = ReliabilityRead.from_dict(d.pop("reliability"))

        username = d.pop("username")

        owners_join_request_read = cls(
            campaign_id=campaign_id,
            campaign_name=campaign_name,
            display_name=display_name,
            id=id,
            made_at=made_at,
            note=note,
            number=number,
            reliability=reliability,
            username=username,
        )

        owners_join_request_read.additional_properties = d
        return owners_join_request_read

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
