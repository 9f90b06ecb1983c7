from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.seat_bot_read import SeatBotRead


T = TypeVar("T", bound="PlayerRead")


@_attrs_define
class PlayerRead:
    """
    Attributes:
        faction (None | str):
        inactive (bool):
        infamy (int):
        is_owner (bool):
        is_you (bool):
        missed_turns (int): Turns changed by force while not ready (R-TURN-3).
        name (str):
        number (int):
        ready (bool):
        slot (int | None):
        blocked (bool | Unset): You blocked this seat's holder in this campaign (`PUT .../players/{number}/block`):
            their messages here no longer reach you. Blocks by username are not shown here: under anonymity that would say
            who holds the seat. Default: False.
        bot (None | SeatBotRead | Unset): R-BOT: a bot plays this seat (shown to every member, under anonymity too);
            null: a person, or nobody (`vacant`).
        civil_disorder (bool | Unset): R-CAMP-10: the seat missed too many deadlines in a row; it counts as ready (never
            holds the turn up) until its holder acts again. Default: False.
        missed_in_row (int | Unset): Deadlines missed in a row; K of them make a steward (R-CAMP-7). Default: 0.
        offered (bool | Unset): The holder offers the seat (R-CAMP-6). Default: False.
        vacant (bool | Unset): Nobody holds the seat: the user it was offered to has not accepted (R-CAMP-6, R-CAMP-9);
            the owner may offer it to someone else once declined. Default: False.
        vacation_days_used (int | Unset): Vacation days taken (R-CAMP-8). Default: 0.
        vacation_until (datetime.datetime | None | Unset): The end of the seat's vacation, while on one (R-CAMP-8).
    """

    faction: None | str
    inactive: bool
    infamy: int
    is_owner: bool
    is_you: bool
    missed_turns: int
    name: str
    number: int
    ready: bool
    slot: int | None
    blocked: bool | Unset = False
    bot: None | SeatBotRead | Unset = UNSET
    civil_disorder: bool | Unset = False
    missed_in_row: int | Unset = 0
    offered: bool | Unset = False
    vacant: bool | Unset = False
    vacation_days_used: int | Unset = 0
    vacation_until: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.seat_bot_read import SeatBotRead  # noqa: PLC0415

        faction: None | str
        faction = self.faction

        inactive = self.inactive

        infamy = self.infamy

        is_owner = self.is_owner

        is_you = self.is_you

        missed_turns = self.missed_turns

        name = self.name

        number = self.number

        ready = self.ready

        slot: int | None
        slot = self.slot

        blocked = self.blocked

        bot: dict[str, Any] | None | Unset
        if isinstance(self.bot, Unset):
            bot = UNSET
        elif isinstance(self.bot, SeatBotRead):
            bot = self.bot.to_dict()
        else:
            bot = self.bot

        civil_disorder = self.civil_disorder

        missed_in_row = self.missed_in_row

        offered = self.offered

        vacant = self.vacant

        vacation_days_used = self.vacation_days_used

        vacation_until: None | str | Unset
        if isinstance(self.vacation_until, Unset):
            vacation_until = UNSET
        elif isinstance(self.vacation_until, datetime.datetime):
            vacation_until = self.vacation_until.isoformat()
        else:
            vacation_until = self.vacation_until

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "faction": faction,
                "inactive": inactive,
                "infamy": infamy,
                "is_owner": is_owner,
                "is_you": is_you,
                "missed_turns": missed_turns,
                "name": name,
                "number": number,
                "ready": ready,
                "slot": slot,
            }
        )
        if blocked is not UNSET:
            field_dict["blocked"] = blocked
        if bot is not UNSET:
            field_dict["bot"] = bot
        if civil_disorder is not UNSET:
            field_dict["civil_disorder"] = civil_disorder
        if missed_in_row is not UNSET:
            field_dict["missed_in_row"] = missed_in_row
        if offered is not UNSET:
            field_dict["offered"] = offered
        if vacant is not UNSET:
            field_dict["vacant"] = vacant
        if vacation_days_used is not UNSET:
            field_dict["vacation_days_used"] = vacation_days_used
        if vacation_until is not UNSET:
            field_dict["vacation_until"] = vacation_until

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat_bot_read import SeatBotRead  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_faction(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        faction = _parse_faction(d.pop("faction"))

        inactive = d.pop("inactive")

        infamy = d.pop("infamy")

        is_owner = d.pop("is_owner")

        is_you = d.pop("is_you")

        missed_turns = d.pop("missed_turns")

        name = d.pop("name")

        number = d.pop("number")

        ready = d.pop("ready")

        def _parse_slot(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        slot = _parse_slot(d.pop("slot"))

        blocked = d.pop("blocked", UNSET)

        def _parse_bot(data: object) -> None | SeatBotRead | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                bot_type_0 = SeatBotRead.from_dict(data)

                return bot_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeatBotRead | Unset, data)

        bot = _parse_bot(d.pop("bot", UNSET))

        civil_disorder = d.pop("civil_disorder", UNSET)

        missed_in_row = d.pop("missed_in_row", UNSET)

        offered = d.pop("offered", UNSET)

        vacant = d.pop("vacant", UNSET)

        vacation_days_used = d.pop("vacation_days_used", UNSET)

        def _parse_vacation_until(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vacation_until_type_0 = datetime.datetime.fromisoformat(data)

                return vacation_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        vacation_until = _parse_vacation_until(d.pop("vacation_until", UNSET))

        player_read = cls(
            faction=faction,
            inactive=inactive,
            infamy=infamy,
            is_owner=is_owner,
            is_you=is_you,
            missed_turns=missed_turns,
            name=name,
            number=number,
            ready=ready,
            slot=slot,
            blocked=blocked,
            bot=bot,
            civil_disorder=civil_disorder,
            missed_in_row=missed_in_row,
            offered=offered,
            vacant=vacant,
            vacation_days_used=vacation_days_used,
            vacation_until=vacation_until,
        )

        player_read.additional_properties = d
        return player_read

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
