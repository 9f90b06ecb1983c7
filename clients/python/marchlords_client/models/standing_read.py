from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="StandingRead")


@_attrs_define
class StandingRead:
    """One line of the standings (R-CAMP-4). The parts of the score are yours to see, and
    everyone's once the campaign has ended (they would reveal what lies out of sight).

        Attributes:
            faction (str):
            is_you (bool):
            name (str):
            player (int):
            rank (int):
            score (int):
            army_tiers (int | None | Unset):
            city_levels (int | None | Unset):
            former_holders (list[str] | None | Unset): R-CAMP-6: who held the seat before `name`, oldest first; absent if
                nobody did, or while anonymity hides names (R-CAMP-5).
            gold (int | None | Unset):
            territories (int | None | Unset):
    """

    faction: str
    is_you: bool
    name: str
    player: int
    rank: int
    score: int
    army_tiers: int | None | Unset = UNSET
    city_levels: int | None | Unset = UNSET
    former_holders: list[str] | None | Unset = UNSET
    gold: int | None | Unset = UNSET
    territories: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        faction = self.faction

        is_you = self.is_you

        name = self.name

        player = self.player

        rank = self.rank

        score = self.score

        army_tiers: int | None | Unset
        if isinstance(self.army_tiers, Unset):
            army_tiers = UNSET
        else:
            army_tiers = self.army_tiers

        city_levels: int | None | Unset
        if isinstance(self.city_levels, Unset):
            city_levels = UNSET
        else:
            city_levels = self.city_levels

        former_holders: list[str] | None | Unset
        if isinstance(self.former_holders, Unset):
            former_holders = UNSET
        elif isinstance(self.former_holders, list):
            former_holders = self.former_holders

        else:
            former_holders = self.former_holders

        gold: int | None | Unset
        if isinstance(self.gold, Unset):
            gold = UNSET
        else:
            gold = self.gold

        territories: int | None | Unset
        if isinstance(self.territories, Unset):
            territories = UNSET
        else:
            territories = self.territories

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "faction": faction,
                "is_you": is_you,
                "name": name,
                "player": player,
                "rank": rank,
                "score": score,
            }
        )
        if army_tiers is not UNSET:
            field_dict["army_tiers"] = army_tiers
        if city_levels is not UNSET:
            field_dict["city_levels"] = city_levels
        if former_holders is not UNSET:
            field_dict["former_holders"] = former_holders
        if gold is not UNSET:
            field_dict["gold"] = gold
        if territories is not UNSET:
            field_dict["territories"] = territories

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        faction = d.pop("faction")

        is_you = d.pop("is_you")

        name = d.pop("name")

        player = d.pop("player")

        rank = d.pop("rank")

        score = d.pop("score")

        def _parse_army_tiers(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        army_tiers = _parse_army_tiers(d.pop("army_tiers", UNSET))

        def _parse_city_levels(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        city_levels = _parse_city_levels(d.pop("city_levels", UNSET))

        def _parse_former_holders(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                former_holders_type_0 = cast(list[str], data)

                return former_holders_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        former_holders = _parse_former_holders(d.pop("former_holders", UNSET))

        def _parse_gold(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        gold = _parse_gold(d.pop("gold", UNSET))

        def _parse_territories(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        territories = _parse_territories(d.pop("territories", UNSET))

        standing_read = cls(
            faction=faction,
            is_you=is_you,
            name=name,
            player=player,
            rank=rank,
            score=score,
            army_tiers=army_tiers,
            city_levels=city_levels,
            former_holders=former_holders,
            gold=gold,
            territories=territories,
        )

        standing_read.additional_properties = d
        return standing_read

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
