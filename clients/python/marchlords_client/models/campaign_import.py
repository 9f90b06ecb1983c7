from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.campaign_export import CampaignExport
    from ..models.campaign_import_seats import CampaignImportSeats


T = TypeVar("T", bound="CampaignImport")


@_attrs_define
class CampaignImport:
    """A campaign document to recreate here, and who takes each seat.

    Attributes:
        document (CampaignExport): A whole campaign, version 1 (R-CAMP-9): importing it on any server recreates it, and
            exporting the copy gives the same document again.
        seats (CampaignImportSeats): Seat number → username of the user offered it here (R-CAMP-9); every seat needs
            one, each user at most one seat. A seat named for you is yours at once; any other user holds theirs, and is a
            member, only once they accept the offer (R-CAMP-6).
        name (None | str | Unset): A new name (default: the same).
    """

    document: CampaignExport
    seats: CampaignImportSeats
    name: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        document = self.document.to_dict()

        seats = self.seats.to_dict()

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "document": document,
                "seats": seats,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_export import CampaignExport  # noqa: PLC0415
        from ..models.campaign_import_seats import CampaignImportSeats  # noqa: PLC0415

        d = dict(src_dict)
        document = CampaignExport.from_dict(d.pop("document"))

        seats = CampaignImportSeats.from_dict(d.pop("seats"))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        campaign_import = cls(
            document=document,
            seats=seats,
            name=name,
        )

        return campaign_import
