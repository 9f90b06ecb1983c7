from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExportedPlayerState")


@_attrs_define
class ExportedPlayerState:
    """A seat's game columns at the end of a turn.

    Attributes:
        action_available_turn (int):
        capital_id (int | None):
        explored (Any):
        faction (None | str):
        gold (int):
        inactive (bool):
        infamy (int):
        missed_in_row (int):
        missed_turns (int):
        number (int):
        ready (bool):
        victories (int):
        civil_disorder (bool | Unset):  Default: False.
    """

    action_available_turn: int
    capital_id: int | None
    explored: Any
    faction: None | str
    gold: int
    inactive: bool
    infamy: int
    missed_in_row: int
    missed_turns: int
    number: int
    ready: bool
    victories: int
    civil_disorder: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        action_available_turn = self.action_available_turn

        capital_id: int | None
        capital_id = self.capital_id

        explored = self.explored

        faction: None | str
        faction = self.faction

        gold = self.gold

        inactive = self.inactive

        infamy = self.infamy

        missed_in_row = self.missed_in_row

        missed_turns = self.missed_turns

        number = self.number

        ready = self.ready

        victories = self.victories

        civil_disorder = self.civil_disorder

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action_available_turn": action_available_turn,
                "capital_id": capital_id,
                "explored": explored,
                "faction": faction,
                "gold": gold,
                "inactive": inactive,
                "infamy": infamy,
                "missed_in_row": missed_in_row,
                "missed_turns": missed_turns,
                "number": number,
                "ready": ready,
                "victories": victories,
            }
        )
        if civil_disorder is not UNSET:
            field_dict["civil_disorder"] = civil_disorder

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action_available_turn = d.pop("action_available_turn")

        def _parse_capital_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        capital_id = _parse_capital_id(d.pop("capital_id"))

        explored = d.pop("explored")

        def _parse_faction(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        faction = _parse_faction(d.pop("faction"))

        gold = d.pop("gold")

        inactive = d.pop("inactive")

        infamy = d.pop("infamy")

        missed_in_row = d.pop("missed_in_row")

        missed_turns = d.pop("missed_turns")

        number = d.pop("number")

        ready = d.pop("ready")

        victories = d.pop("victories")

        civil_disorder = d.pop("civil_disorder", UNSET)

        exported_player_state = cls(
            action_available_turn=action_available_turn,
            capital_id=capital_id,
            explored=explored,
            faction=faction,
            gold=gold,
            inactive=inactive,
            infamy=infamy,
            missed_in_row=missed_in_row,
            missed_turns=missed_turns,
            number=number,
            ready=ready,
            victories=victories,
            civil_disorder=civil_disorder,
        )

        return exported_player_state
