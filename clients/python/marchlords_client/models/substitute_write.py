from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.substitute_write_game_systems_item import SubstituteWriteGameSystemsItem

T = TypeVar("T", bound="SubstituteWrite")


@_attrs_define
class SubstituteWrite:
    """List yourself as a substitute (R-CAMP-12).

    Attributes:
        days_per_week (int): Days a week you can play a turn.
        game_systems (list[SubstituteWriteGameSystemsItem]):
    """

    days_per_week: int
    game_systems: list[SubstituteWriteGameSystemsItem]

    def to_dict(self) -> dict[str, Any]:
        days_per_week = self.days_per_week

        game_systems = []
        for game_systems_item_data in self.game_systems:
            game_systems_item = game_systems_item_data.value
            game_systems.append(game_systems_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "days_per_week": days_per_week,
                "game_systems": game_systems,
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
            game_systems_item = SubstituteWriteGameSystemsItem(game_systems_item_data)

            game_systems.append(game_systems_item)

        substitute_write = cls(
            days_per_week=days_per_week,
            game_systems=game_systems,
        )

        return substitute_write
