from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ready_player import ReadyPlayer


T = TypeVar("T", bound="TurnRead")


@_attrs_define
class TurnRead:
    """The current turn (R-TURN): readiness by name only, never anyone's orders.

    Attributes:
        auto_resolve (bool):
        awaiting_owner (bool): Everyone is ready; the owner must confirm.
        blocked_by (list[str]): Why the turn cannot change yet.
        last_change_at (datetime.datetime | None):
        number (int):
        pending_battles (int): Battles waiting for a result (R-FOG-4).
        players (list[ReadyPlayer]):
        season (None | str): spring…winter when seasons are on (R-OPT-1).
        status (str):
        battle_deadline_at (datetime.datetime | None | Unset): R-TURN-3: when unconfirmed battle reports stand.
        change_due_at (datetime.datetime | None | Unset): R-TURN-7: everyone is ready and the change runs at this time,
            after the grace period, unless a ready is withdrawn meanwhile.
        deadline_at (datetime.datetime | None | Unset): R-TURN-3: when the owner may force the change, if set.
        paused (bool | Unset): The owner paused the deadlines' clocks. Default: False.
    """

    auto_resolve: bool
    awaiting_owner: bool
    blocked_by: list[str]
    last_change_at: datetime.datetime | None
    number: int
    pending_battles: int
    players: list[ReadyPlayer]
    season: None | str
    status: str
    battle_deadline_at: datetime.datetime | None | Unset = UNSET
    change_due_at: datetime.datetime | None | Unset = UNSET
    deadline_at: datetime.datetime | None | Unset = UNSET
    paused: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        auto_resolve = self.auto_resolve

        awaiting_owner = self.awaiting_owner

        blocked_by = self.blocked_by

        last_change_at: None | str
        if isinstance(self.last_change_at, datetime.datetime):
            last_change_at = self.last_change_at.isoformat()
        else:
            last_change_at = self.last_change_at

        number = self.number

        pending_battles = self.pending_battles

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        season: None | str
        season = self.season

        status = self.status

        battle_deadline_at: None | str | Unset
        if isinstance(self.battle_deadline_at, Unset):
            battle_deadline_at = UNSET
        elif isinstance(self.battle_deadline_at, datetime.datetime):
            battle_deadline_at = self.battle_deadline_at.isoformat()
        else:
            battle_deadline_at = self.battle_deadline_at

        change_due_at: None | str | Unset
        if isinstance(self.change_due_at, Unset):
            change_due_at = UNSET
        elif isinstance(self.change_due_at, datetime.datetime):
            change_due_at = self.change_due_at.isoformat()
        else:
            change_due_at = self.change_due_at

        deadline_at: None | str | Unset
        if isinstance(self.deadline_at, Unset):
            deadline_at = UNSET
        elif isinstance(self.deadline_at, datetime.datetime):
            deadline_at = self.deadline_at.isoformat()
        else:
            deadline_at = self.deadline_at

        paused = self.paused

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "auto_resolve": auto_resolve,
                "awaiting_owner": awaiting_owner,
                "blocked_by": blocked_by,
                "last_change_at": last_change_at,
                "number": number,
                "pending_battles": pending_battles,
                "players": players,
                "season": season,
                "status": status,
            }
        )
        if battle_deadline_at is not UNSET:
            field_dict["battle_deadline_at"] = battle_deadline_at
        if change_due_at is not UNSET:
            field_dict["change_due_at"] = change_due_at
        if deadline_at is not UNSET:
            field_dict["deadline_at"] = deadline_at
        if paused is not UNSET:
            field_dict["paused"] = paused

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ready_player import ReadyPlayer  # noqa: PLC0415

        d = dict(src_dict)
        auto_resolve = d.pop("auto_resolve")

        awaiting_owner = d.pop("awaiting_owner")

        blocked_by = cast(list[str], d.pop("blocked_by"))

        def _parse_last_change_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_change_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_change_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_change_at = _parse_last_change_at(d.pop("last_change_at"))

        number = d.pop("number")

        pending_battles = d.pop("pending_battles")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = ReadyPlayer.from_dict(players_item_data)

            players.append(players_item)

        def _parse_season(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        season = _parse_season(d.pop("season"))

        status = d.pop("status")

        def _parse_battle_deadline_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                battle_deadline_at_type_0 = datetime.datetime.fromisoformat(data)

                return battle_deadline_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        battle_deadline_at = _parse_battle_deadline_at(d.pop("battle_deadline_at", UNSET))

        def _parse_change_due_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                change_due_at_type_0 = datetime.datetime.fromisoformat(data)

                return change_due_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        change_due_at = _parse_change_due_at(d.pop("change_due_at", UNSET))

        def _parse_deadline_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_at_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        deadline_at = _parse_deadline_at(d.pop("deadline_at", UNSET))

        paused = d.pop("paused", UNSET)

        turn_read = cls(
            auto_resolve=auto_resolve,
            awaiting_owner=awaiting_owner,
            blocked_by=blocked_by,
            last_change_at=last_change_at,
            number=number,
            pending_battles=pending_battles,
            players=players,
            season=season,
            status=status,
            battle_deadline_at=battle_deadline_at,
            change_due_at=change_due_at,
            deadline_at=deadline_at,
            paused=paused,
        )

        turn_read.additional_properties = d
        return turn_read

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
