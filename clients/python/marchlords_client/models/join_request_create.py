from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="JoinRequestCreate")


@_attrs_define
class JoinRequestCreate:
    """Ask to join a public campaign (R-CAMP-11): its lobby, or one of its open seats.

    Attributes:
        campaign_id (UUID):
        note (None | str | Unset): A word to the owner.
        number (int | None | Unset): An open seat of the running campaign (R-CAMP-12); omit for the lobby.
    """

    campaign_id: UUID
    note: None | str | Unset = UNSET
    number: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        campaign_id = str(self.campaign_id)

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        number: int | None | Unset
        if isinstance(self.number, Unset):
            number = UNSET
        else:
            number = self.number

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "campaign_id": campaign_id,
            }
        )
        if note is not UNSET:
            field_dict["note"] = note
        if number is not UNSET:
            field_dict["number"] = number

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        campaign_id = UUID(d.pop("campaign_id"))

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        def _parse_number(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        number = _parse_number(d.pop("number", UNSET))

        join_request_create = cls(
            campaign_id=campaign_id,
            note=note,
            number=number,
        )

        return join_request_create
