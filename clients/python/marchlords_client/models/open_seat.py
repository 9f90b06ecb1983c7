from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.open_because import OpenBecause

T = TypeVar("T", bound="OpenSeat")


@_attrs_define
class OpenSeat:
    """A seat of a running public campaign open to newcomers (R-CAMP-12).

    Attributes:
        because (OpenBecause): Why a seat of a running campaign is open to newcomers (R-CAMP-12).
        faction (str):
        number (int): The seat's player number: ask for it by this number.
    """

    because: OpenBecause
    faction: str
    number: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        because = self.because.value

        faction = self.faction

        number = self.number

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "because": because,
                "faction": faction,
                "number": number,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        because = OpenBecause(d.pop("because"))

        faction = d.pop("faction")

        number = d.pop("number")

        open_seat = cls(
            because=because,
            faction=faction,
            number=number,
        )

        open_seat.additional_properties = d
        return open_seat

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
