from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.seat_offer_origin import SeatOfferOrigin

T = TypeVar("T", bound="SeatOfferRead")


@_attrs_define
class SeatOfferRead:
    """A seat offered to a user, as its maker (the campaign's owner) sees it (R-CAMP-6).

    Attributes:
        id (UUID):
        made_at (datetime.datetime):
        number (int): The seat offered.
        origin (SeatOfferOrigin):
        username (str): The user asked; they are no member until they accept.
    """

    id: UUID
    made_at: datetime.datetime
    number: int
    origin: SeatOfferOrigin
    username: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        made_at = self.made_at.isoformat()

        number = self.number

        origin = self.origin.value

        username = self.username

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "made_at": made_at,
                "number": number,
                "origin": origin,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        made_at = datetime.datetime.fromisoformat(d.pop("made_at"))

        number = d.pop("number")

        origin = SeatOfferOrigin(d.pop("origin"))

        username = d.pop("username")

        seat_offer_read = cls(
            id=id,
            made_at=made_at,
            number=number,
            origin=origin,
            username=username,
        )

        seat_offer_read.additional_properties = d
        return seat_offer_read

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
