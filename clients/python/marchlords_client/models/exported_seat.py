from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExportedSeat")


@_attrs_define
class ExportedSeat:
    """A seat now: faction, slot, gold, flags, explored memory (its holder is not exported).

    Attributes:
        action_available_turn (int):
        capital_id (int | None):
        created_at (datetime.datetime):
        explored (Any):
        faction (None | str):
        gold (int):
        inactive (bool):
        infamy (int):
        missed_in_row (int):
        missed_turns (int):
        number (int):
        ready (bool):
        slot_index (int | None):
        updated_at (datetime.datetime):
        vacation_days_used (int):
        vacation_until (datetime.datetime | None):
        victories (int):
        civil_disorder (bool | Unset):  Default: False.
        offered (bool | Unset):  Default: False.
        seat_open (bool | Unset):  Default: False.
    """

    action_available_turn: int
    capital_id: int | None
    created_at: datetime.datetime
    explored: Any
    faction: None | str
    gold: int
    inactive: bool
    infamy: int
    missed_in_row: int
    missed_turns: int
    number: int
    ready: bool
    slot_index: int | None
    updated_at: datetime.datetime
    vacation_days_used: int
    vacation_until: datetime.datetime | None
    victories: int
    civil_disorder: bool | Unset = False
    offered: bool | Unset = False
    seat_open: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        action_available_turn = self.action_available_turn

        capital_id: int | None
        capital_id = self.capital_id

        created_at = self.created_at.isoformat()

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

        slot_index: int | None
        slot_index = self.slot_index

        updated_at = self.updated_at.isoformat()

        vacation_days_used = self.vacation_days_used

        vacation_until: None | str
        if isinstance(self.vacation_until, datetime.datetime):
            vacation_until = self.vacation_until.isoformat()
        else:
            vacation_until = self.vacation_until

        victories = self.victories

        civil_disorder = self.civil_disorder

        offered = self.offered

        seat_open = self.seat_open

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action_available_turn": action_available_turn,
                "capital_id": capital_id,
                "created_at": created_at,
                "explored": explored,
                "faction": faction,
                "gold": gold,
                "inactive": inactive,
                "infamy": infamy,
                "missed_in_row": missed_in_row,
                "missed_turns": missed_turns,
                "number": number,
                "ready": ready,
                "slot_index": slot_index,
                "updated_at": updated_at,
                "vacation_days_used": vacation_days_used,
                "vacation_until": vacation_until,
                "victories": victories,
            }
        )
        if civil_disorder is not UNSET:
            field_dict["civil_disorder"] = civil_disorder
        if offered is not UNSET:
            field_dict["offered"] = offered
        if seat_open is not UNSET:
            field_dict["seat_open"] = seat_open

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

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

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

        def _parse_slot_index(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        slot_index = _parse_slot_index(d.pop("slot_index"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        vacation_days_used = d.pop("vacation_days_used")

        def _parse_vacation_until(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vacation_until_type_0 = datetime.datetime.fromisoformat(data)

                return vacation_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        vacation_until = _parse_vacation_until(d.pop("vacation_until"))

        victories = d.pop("victories")

        civil_disorder = d.pop("civil_disorder", UNSET)

        offered = d.pop("offered", UNSET)

        seat_open = d.pop("seat_open", UNSET)

        exported_seat = cls(
            action_available_turn=action_available_turn,
            capital_id=capital_id,
            created_at=created_at,
            explored=explored,
            faction=faction,
            gold=gold,
            inactive=inactive,
            infamy=infamy,
            missed_in_row=missed_in_row,
            missed_turns=missed_turns,
            number=number,
            ready=ready,
            slot_index=slot_index,
            updated_at=updated_at,
            vacation_days_used=vacation_days_used,
            vacation_until=vacation_until,
            victories=victories,
            civil_disorder=civil_disorder,
            offered=offered,
            seat_open=seat_open,
        )

        return exported_seat
