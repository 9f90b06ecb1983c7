from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.joiner import Joiner


T = TypeVar("T", bound="SideForcesRead")


@_attrs_define
class SideForcesRead:
    """What one side fields, converted to the campaign's game system (R-BAT-1, R-SYS).

    Attributes:
        army_points (int): Leader plus joiners.
        garrison (int):
        general_points (int):
        joiners (list[Joiner]):
        leader_army_id (int | None): None: a garrison alone.
        reinforcement (int): Joins from the second game turn (R-BAT-4).
        siege_bonus_pct (int): Attacker's bonus for drawn sieges (R-SIEGE-3).
        total_points (int): Everything, converted and rounded once to 5, after the reductions below.
        cover_pct (int | Unset): R-OPT-4, attacker only: percent taken off its points because the defender holds a
            forest, mountain or marsh tile (20). Default: 0.
        entrenchment_pct (int | Unset): R-OPT-4, attacker only: percent taken off its points because a defending army
            entrenched the turn the battle was declared (10; at most 30 with cover). Default: 0.
    """

    army_points: int
    garrison: int
    general_points: int
    joiners: list[Joiner]
    leader_army_id: int | None
    reinforcement: int
    siege_bonus_pct: int
    total_points: int
    cover_pct: int | Unset = 0
    entrenchment_pct: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        army_points = self.army_points

        garrison = self.garrison

        general_points = self.general_points

        joiners = []
        for joiners_item_data in self.joiners:
            joiners_item = joiners_item_data.to_dict()
            joiners.append(joiners_item)

        leader_army_id: int | None
        leader_army_id = self.leader_army_id

        reinforcement = self.reinforcement

        siege_bonus_pct = self.siege_bonus_pct

        total_points = self.total_points

        cover_pct = self.cover_pct

        entrenchment_pct = self.entrenchment_pct

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "army_points": army_points,
                "garrison": garrison,
                "general_points": general_points,
                "joiners": joiners,
                "leader_army_id": leader_army_id,
                "reinforcement": reinforcement,
                "siege_bonus_pct": siege_bonus_pct,
                "total_points": total_points,
            }
        )
        if cover_pct is not UNSET:
            field_dict["cover_pct"] = cover_pct
        if entrenchment_pct is not UNSET:
            field_dict["entrenchment_pct"] = entrenchment_pct

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.joiner import Joiner  # noqa: PLC0415

        d = dict(src_dict)
        army_points = d.pop("army_points")

        garrison = d.pop("garrison")

        general_points = d.pop("general_points")

        joiners = []
        _joiners = d.pop("joiners")
        for joiners_item_data in _joiners:
            joiners_item = Joiner.from_dict(joiners_item_data)

            joiners.append(joiners_item)

        def _parse_leader_army_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        leader_army_id = _parse_leader_army_id(d.pop("leader_army_id"))

        reinforcement = d.pop("reinforcement")

        siege_bonus_pct = d.pop("siege_bonus_pct")

        total_points = d.pop("total_points")

        cover_pct = d.pop("cover_pct", UNSET)

        entrenchment_pct = d.pop("entrenchment_pct", UNSET)

        side_forces_read = cls(
            army_points=army_points,
            garrison=garrison,
            general_points=general_points,
            joiners=joiners,
            leader_army_id=leader_army_id,
            reinforcement=reinforcement,
            siege_bonus_pct=siege_bonus_pct,
            total_points=total_points,
            cover_pct=cover_pct,
            entrenchment_pct=entrenchment_pct,
        )

        side_forces_read.additional_properties = d
        return side_forces_read

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
