from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.campaign_status import CampaignStatus
from ..models.lobby_read_game_system import LobbyReadGameSystem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.lobby_options import LobbyOptions
    from ..models.open_seat import OpenSeat
    from ..models.turn_schedule import TurnSchedule


T = TypeVar("T", bound="LobbyRead")


@_attrs_define
class LobbyRead:
    """A public campaign that takes newcomers: a lobby with places, or a running campaign
    with open seats. Nothing of its players or map: only what one chooses a game by.

        Attributes:
            asked (bool): You have a pending request to join it.
            battle_deadline_hours (int | None):
            campaign_id (UUID):
            game_system (LobbyReadGameSystem):
            max_players (int):
            name (str):
            open_seats (list[OpenSeat]):
            options (LobbyOptions): The options a player chooses a campaign by (R-OPT).
            players (int): Seats taken (a lobby) or played (a running campaign).
            players_wanted (int): Places left in the lobby; 0 once it runs.
            status (CampaignStatus):
            turn (int):
            turn_deadline_hours (int | None):
            spectator_delay_turns (int | None | Unset): R-CAMP-13: how many turns late its spectators see it.
            spectators_welcome (bool | Unset): R-CAMP-13: it runs and takes spectators (`POST …/spectators`). Default:
                False.
            turn_schedule (None | TurnSchedule | Unset): R-TURN-9: its club nights, when its turns follow a schedule.
    """

    asked: bool
    battle_deadline_hours: int | None
    campaign_id: UUID
    game_system: LobbyReadGameSystem
    max_players: int
    name: str
    open_seats: list[OpenSeat]
    options: LobbyOptions
    players: int
    players_wanted: int
    status: CampaignStatus
    turn: int
    turn_deadline_hours: int | None
    spectator_delay_turns: int | None | Unset = UNSET
    spectators_welcome: bool | Unset = False
    turn_schedule: None | TurnSchedule | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.turn_schedule import TurnSchedule  # noqa: PLC0415

        asked = self.asked

        battle_deadline_hours: int | None
        battle_deadline_hours = self.battle_deadline_hours

        campaign_id = str(self.campaign_id)

        game_system = self.game_system.value

        max_players = self.max_players

        name = self.name

        open_seats = []
        for open_seats_item_data in self.open_seats:
            open_seats_item = open_seats_item_data.to_dict()
            open_seats.append(open_seats_item)

        options = self.options.to_dict()

        players = self.players

        players_wanted = self.players_wanted

        status = self.status.value

        turn = self.turn

        turn_deadline_hours: int | None
        turn_deadline_hours = self.turn_deadline_hours

        spectator_delay_turns: int | None | Unset
        if isinstance(self.spectator_delay_turns, Unset):
            spectator_delay_turns = UNSET
        else:
            spectator_delay_turns = self.spectator_delay_turns

        spectators_welcome = self.spectators_welcome

        turn_schedule: dict[str, Any] | None | Unset
        if isinstance(self.turn_schedule, Unset):
            turn_schedule = UNSET
        elif isinstance(self.turn_schedule, TurnSchedule):
            turn_schedule = self.turn_schedule.to_dict()
        else:
            turn_schedule = self.turn_schedule

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "asked": asked,
                "battle_deadline_hours": battle_deadline_hours,
                "campaign_id": campaign_id,
                "game_system": game_system,
                "max_players": max_players,
                "name": name,
                "open_seats": open_seats,
                "options": options,
                "players": players,
                "players_wanted": players_wanted,
                "status": status,
                "turn": turn,
                "turn_deadline_hours": turn_deadline_hours,
            }
        )
        if spectator_delay_turns is not UNSET:
            field_dict["spectator_delay_turns"] = spectator_delay_turns
        if spectators_welcome is not UNSET:
            field_dict["spectators_welcome"] = spectators_welcome
        if turn_schedule is not UNSET:
            field_dict["turn_schedule"] = turn_schedule

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lobby_options import LobbyOptions  # noqa: PLC0415
        from ..models.open_seat import OpenSeat  # noqa: PLC0415
        from ..models.turn_schedule import TurnSchedule  # noqa: PLC0415

        d = dict(src_dict)
        asked = d.pop("asked")

        def _parse_battle_deadline_hours(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        battle_deadline_hours = _parse_battle_deadline_hours(d.pop("battle_deadline_hours"))

        campaign_id = UUID(d.pop("campaign_id"))

        game_system = LobbyReadGameSystem(d.pop("game_system"))

        max_players = d.pop("max_players")

        name = d.pop("name")

        open_seats = []
        _open_seats = d.pop("open_seats")
        for open_seats_item_data in _open_seats:
            open_seats_item = OpenSeat.from_dict(open_seats_item_data)

            open_seats.append(open_seats_item)

        options = LobbyOptions.from_dict(d.pop("options"))

        players = d.pop("players")

        players_wanted = d.pop("players_wanted")

        status = CampaignStatus(d.pop("status"))

        turn = d.pop("turn")

        def _parse_turn_deadline_hours(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_deadline_hours = _parse_turn_deadline_hours(d.pop("turn_deadline_hours"))

        def _parse_spectator_delay_turns(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        spectator_delay_turns = _parse_spectator_delay_turns(d.pop("spectator_delay_turns", UNSET))

        spectators_welcome = d.pop("spectators_welcome", UNSET)

        def _parse_turn_schedule(data: object) -> None | TurnSchedule | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                turn_schedule_type_0 = TurnSchedule.from_dict(data)

                return turn_schedule_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TurnSchedule | Unset, data)

        turn_schedule = _parse_turn_schedule(d.pop("turn_schedule", UNSET))

        lobby_read = cls(
            asked=asked,
            battle_deadline_hours=battle_deadline_hours,
            campaign_id=campaign_id,
            game_system=game_system,
            max_players=max_players,
            name=name,
            open_seats=open_seats,
            options=options,
            players=players,
            players_wanted=players_wanted,
            status=status,
            turn=turn,
            turn_deadline_hours=turn_deadline_hours,
            spectator_delay_turns=spectator_delay_turns,
            spectators_welcome=spectators_welcome,
            turn_schedule=turn_schedule,
        )

        lobby_read.additional_properties = d
        return lobby_read

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
