from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.campaign_status import CampaignStatus
from ..models.seat_offer_origin import SeatOfferOrigin

T = TypeVar("T", bound="OfferedSeat")


@_attrs_define
class OfferedSeat:
    """A seat offered to you, awaiting your answer (R-CAMP-6): what you need to decide, and
    nothing else of the campaign until you accept.

        Attributes:
            campaign_id (UUID):
            campaign_name (str):
            campaign_status (CampaignStatus):
            faction (None | str): The seat's faction (null: not chosen yet).
            id (UUID):
            made_at (datetime.datetime):
            number (int): The seat's player number.
            offered_by (str): The display name of who offers it: the owner.
            origin (SeatOfferOrigin):
            turn (int):
    """

    campaign_id: UUID
    campaign_name: str
    campaign_status: CampaignStatus
    faction: None | str
    id: UUID
    made_at: datetime.datetime
    number: int
    offered_by: str
    origin: SeatOfferOrigin
    turn: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = str(self.campaign_id)

        campaign_name = self.campaign_name

        campaign_status = self.campaign_status.value

        faction: None | str
        faction = self.faction

        id = str(self.id)

        made_at = self.made_at.isoformat()

        number = self.number

        offered_by = self.offered_by

        origin = self.origin.value

        turn = self.turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "campaign_name": campaign_name,
                "campaign_status": campaign_status,
                "faction": faction,
                "id": id,
                "made_at": made_at,
                "number": number,
                "offered_by": offered_by,
                "origin": origin,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        campaign_id = UUID(d.pop("campaign_id"))

        campaign_name = d.pop("campaign_name")

        campaign_status = CampaignStatus(d.pop("campaign_status"))

        def _parse_faction(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        faction = _parse_faction(d.pop("faction"))

        id = UUID(d.pop("id"))

        made_at = datetime.datetime.fromisoformat(d.pop("made_at"))

        number = d.pop("number")

        offered_by = d.pop("offered_by")

        origin = SeatOfferOrigin(d.pop("origin"))

        turn = d.pop("turn")

        offered_seat = cls(
            campaign_id=campaign_id,
            campaign_name=campaign_name,
            campaign_status=campaign_status,
            faction=faction,
            id=id,
            made_at=made_at,
            number=number,
            offered_by=offered_by,
            origin=origin,
            turn=turn,
        )

        offered_seat.additional_properties = d
        return offered_seat

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
