from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.campaign_status import CampaignStatus

if TYPE_CHECKING:
    from ..models.spectated_player import SpectatedPlayer


T = TypeVar("T", bound="SpectatorView")


@_attrs_define
class SpectatorView:
    """What a spectator may know of the campaign now (R-CAMP-13): the one past turn they see.

    Attributes:
        campaign_id (UUID):
        delay_turns (int): How many turns late the spectator sees the game.
        name (str):
        players (list[SpectatedPlayer]):
        status (CampaignStatus):
        turn (int | None): The turn shown (`GET …/spectate/map`), as it ended; null while no turn is that old.
    """

    campaign_id: UUID
    delay_turns: int
    name: str
    players: list[SpectatedPlayer]
    status: CampaignStatus
    turn: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = str(self.campaign_id)

        delay_turns = self.delay_turns

        name = self.name

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        status = self.status.value

        turn: int | None
        turn = self.turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "delay_turns": delay_turns,
                "name": name,
                "players": players,
                "status": status,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.spectated_player import SpectatedPlayer  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = UUID(d.pop("campaign_id"))

        delay_turns = d.pop("delay_turns")

        name = d.pop("name")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = SpectatedPlayer.from_dict(players_item_data)

            players.append(players_item)

        status = CampaignStatus(d.pop("status"))

        def _parse_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn = _parse_turn(d.pop("turn"))

        spectator_view = cls(
            campaign_id=campaign_id,
            delay_turns=delay_turns,
            name=name,
            players=players,
            status=status,
            turn=turn,
        )

        spectator_view.additional_properties = d
        return spectator_view

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
