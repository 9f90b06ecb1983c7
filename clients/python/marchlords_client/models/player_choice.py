from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerChoice")


@_attrs_define
class PlayerChoice:
    """Faction and start slot picked in the lobby (R-CAMP-2).

    Attributes:
        faction (None | str | Unset):
        slot (int | None | Unset): Index in the map's slots.
    """

    faction: None | str | Unset = UNSET
    slot: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        faction: None | str | Unset
        if isinstance(self.faction, Unset):
            faction = UNSET
        else:
            faction = self.faction

        slot: int | None | Unset
        if isinstance(self.slot, Unset):
            slot = UNSET
        else:
            slot = self.slot

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if faction is not UNSET:
            field_dict["faction"] = faction
        if slot is not UNSET:
            field_dict["slot"] = slot

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_faction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        faction = _parse_faction(d.pop("faction", UNSET))

        def _parse_slot(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        slot = _parse_slot(d.pop("slot", UNSET))

        player_choice = cls(
            faction=faction,
            slot=slot,
        )

        return player_choice
