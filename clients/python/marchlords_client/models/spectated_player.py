from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SpectatedPlayer")


@_attrs_define
class SpectatedPlayer:
    """A seat of the spectated turn: its faction, and its holder's name unless anonymity hides
    it (R-CAMP-5).

        Attributes:
            faction (str): The faction's key in the campaign's ruleset.
            faction_name (str): The faction's name, said in the reader's language.
            name (None | str): Null under anonymity: a spectator sees no names.
            number (int):
    """

    faction: str
    faction_name: str
    name: None | str
    number: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        faction = self.faction

        faction_name = self.faction_name

        name: None | str
        name = self.name

        number = self.number

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "faction": faction,
                "faction_name": faction_name,
                "name": name,
                "number": number,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        faction = d.pop("faction")

        faction_name = d.pop("faction_name")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        number = d.pop("number")

        spectated_player = cls(
            faction=faction,
            faction_name=faction_name,
            name=name,
            number=number,
        )

        spectated_player.additional_properties = d
        return spectated_player

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
