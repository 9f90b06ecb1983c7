from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.substitute_read_game_systems_item import SubstituteReadGameSystemsItem

T = TypeVar("T", bound="SubstituteRead")


@_attrs_define
class SubstituteRead:
    """
    Attributes:
        days_per_week (int):
        game_systems (list[SubstituteReadGameSystemsItem]):
        listed_at (datetime.datetime):
    """

    days_per_week: int
    game_systems: list[SubstituteReadGameSystemsItem]
    listed_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        days_per_week = self.days_per_week

        game_systems = []
        for game_systems_item_data in self.game_systems:
            game_systems_item = game_systems_item_data.value
            game_systems.append(game_systems_item)

        listed_at = self.listed_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "days_per_week": days_per_week,
                "game_systems": game_systems,
                "listed_at": listed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        days_per_week = d.pop("days_per_week")

        game_systems = []
        _game_systems = d.pop("game_systems")
        for game_systems_item_data in _game_systems:
            game_systems_item = SubstituteReadGameSystemsItem(game_systems_item_data)

            game_systems.append(game_systems_item)

        listed_at = datetime.datetime.fromisoformat(d.pop("listed_at"))

        substitute_read = cls(
            days_per_week=days_per_week,
            game_systems=game_systems,
            listed_at=listed_at,
        )

        substitute_read.additional_properties = d
        return substitute_read

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
