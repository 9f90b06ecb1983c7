from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.campaign_status import CampaignStatus

if TYPE_CHECKING:
    from ..models.campaign_settings import CampaignSettings


T = TypeVar("T", bound="CampaignRead")


@_attrs_define
class CampaignRead:
    """
    Attributes:
        created_at (datetime.datetime):
        ended_at (datetime.datetime | None):
        id (UUID):
        invite_code (None | str): Shown to the owner only.
        is_owner (bool):
        map_id (UUID):
        my_player (int | None): Your player number, if you play.
        name (str):
        players (int):
        settings (CampaignSettings): Campaign options (R-CAMP, R-OPT); all optional with sensible defaults.
        started_at (datetime.datetime | None):
        status (CampaignStatus):
        turn (int):
    """

    created_at: datetime.datetime
    ended_at: datetime.datetime | None
    id: UUID
    invite_code: None | str
    is_owner: bool
    map_id: UUID
    my_player: int | None
    name: str
    players: int
    settings: CampaignSettings
    started_at: datetime.datetime | None
    status: CampaignStatus
    turn: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        id = str(self.id)

        invite_code: None | str
        invite_code = self.invite_code

        is_owner = self.is_owner

        map_id = str(self.map_id)

        my_player: int | None
        my_player = self.my_player

        name = self.name

        players = self.players

        settings = self.settings.to_dict()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        status = self.status.value

        turn = self.turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "ended_at": ended_at,
                "id": id,
                "invite_code": invite_code,
                "is_owner": is_owner,
                "map_id": map_id,
                "my_player": my_player,
                "name": name,
                "players": players,
                "settings": settings,
                "started_at": started_at,
                "status": status,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_settings import CampaignSettings  # noqa: PLC0415

        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

        id = UUID(d.pop("id"))

        def _parse_invite_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        invite_code = _parse_invite_code(d.pop("invite_code"))

        is_owner = d.pop("is_owner")

        map_id = UUID(d.pop("map_id"))

        def _parse_my_player(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        my_player = _parse_my_player(d.pop("my_player"))

        name = d.pop("name")

        players = d.pop("players")

        settings = CampaignSettings.from_dict(d.pop("settings"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        status = CampaignStatus(d.pop("status"))

        turn = d.pop("turn")

        campaign_read = cls(
            created_at=created_at,
            ended_at=ended_at,
            id=id,
            invite_code=invite_code,
            is_owner=is_owner,
            map_id=map_id,
            my_player=my_player,
            name=name,
            players=players,
            settings=settings,
            started_at=started_at,
            status=status,
            turn=turn,
        )

        campaign_read.additional_properties = d
        return campaign_read

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
