from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.size import Size
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.roster_read import RosterRead


T = TypeVar("T", bound="PackArmy")


@_attrs_define
class PackArmy:
    """
    Attributes:
        army_id (int):
        leads (bool): It leads its side (R-BAT-3).
        points (int): What it brings, converted (R-BAT-1, R-BAT-3).
        size (Size): An army's rough size, as seen from afar (R-PACK-3).
        tier (int): At the battle's declaration.
        battles_fought (int | None | Unset): Battles it fought to a confirmed result (R-ARMY-7); its own side and the
            game master only.
        fits (bool | None | Unset): R-ARMY-4: its list fits its caps; null: no list, or not shown (R-PACK-3).
        general_id (int | None | Unset): Its own side and the game master only (R-PACK-3).
        roster (None | RosterRead | Unset): Its list as fielded; its own side and the game master only.
    """

    army_id: int
    leads: bool
    points: int
    size: Size
    tier: int
    battles_fought: int | None | Unset = UNSET
    fits: bool | None | Unset = UNSET
    general_id: int | None | Unset = UNSET
    roster: None | RosterRead | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.roster_read import RosterRead  # noqa: PLC0415

        army_id = self.army_id

        leads = self.leads

        points = self.points

        size = self.size.value

        tier = self.tier

        battles_fought: int | None | Unset
        if isinstance(self.battles_fought, Unset):
            battles_fought = UNSET
        else:
            battles_fought = self.battles_fought

        fits: bool | None | Unset
        if isinstance(self.fits, Unset):
            fits = UNSET
        else:
            fits = self.fits

        general_id: int | None | Unset
        if isinstance(self.general_id, Unset):
            general_id = UNSET
        else:
            general_id = self.general_id

        roster: dict[str, Any] | None | Unset
        if isinstance(self.roster, Unset):
            roster = UNSET
        elif isinstance(self.roster, RosterRead):
            roster = self.roster.to_dict()
        else:
            roster = self.roster

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "army_id": army_id,
                "leads": leads,
                "points": points,
                "size": size,
                "tier": tier,
            }
        )
        if battles_fought is not UNSET:
            field_dict["battles_fought"] = battles_fought
        if fits is not UNSET:
            field_dict["fits"] = fits
        if general_id is not UNSET:
            field_dict["general_id"] = general_id
        if roster is not UNSET:
            field_dict["roster"] = roster

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.roster_read import RosterRead  # noqa: PLC0415

        d = dict(src_dict)
        army_id = d.pop("army_id")

        leads = d.pop("leads")

        points = d.pop("points")

        size = Size(d.pop("size"))

        tier = d.pop("tier")

        def _parse_battles_fought(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        battles_fought = _parse_battles_fought(d.pop("battles_fought", UNSET))

        def _parse_fits(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        fits = _parse_fits(d.pop("fits", UNSET))

        def _parse_general_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        general_id = _parse_general_id(d.pop("general_id", UNSET))

        def _parse_roster(data: object) -> None | RosterRead | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                roster_type_0 = RosterRead.from_dict(data)

                return roster_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RosterRead | Unset, data)

        roster = _parse_roster(d.pop("roster", UNSET))

        pack_army = cls(
            army_id=army_id,
            leads=leads,
            points=points,
            size=size,
            tier=tier,
            battles_fought=battles_fought,
            fits=fits,
            general_id=general_id,
            roster=roster,
        )

        pack_army.additional_properties = d
        return pack_army

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
