from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.notification_kind import NotificationKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.campaign_ref import CampaignRef


T = TypeVar("T", bound="NotificationData")


@_attrs_define
class NotificationData:
    """The `data` of a JSON notification: the same facts the Discord and Slack texts show.

    Attributes:
        campaign (CampaignRef):
        kind (NotificationKind):
        link (str): Path of the resource to look at, under this API.
        text (str): One sentence saying what happened, for people, in the recipient's language.
        turn (int): The campaign's current turn when this was written.
        battle_id (int | None | Unset):
        deadline_at (datetime.datetime | None | Unset): The turn's (or the battles') deadline, if there is one.
        edict_id (int | None | Unset):
        pending_battles (int | None | Unset): Battles waiting for a result (turn_started, campaign scope).
    """

    campaign: CampaignRef
    kind: NotificationKind
    link: str
    text: str
    turn: int
    battle_id: int | None | Unset = UNSET
    deadline_at: datetime.datetime | None | Unset = UNSET
    edict_id: int | None | Unset = UNSET
    pending_battles: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign = self.campaign.to_dict()

        kind = self.kind.value

        link = self.link

        text = self.text

        turn = self.turn

        battle_id: int | None | Unset
        if isinstance(self.battle_id, Unset):
            battle_id = UNSET
        else:
            battle_id = self.battle_id

        deadline_at: None | str | Unset
        if isinstance(self.deadline_at, Unset):
            deadline_at = UNSET
        elif isinstance(self.deadline_at, datetime.datetime):
            deadline_at = self.deadline_at.isoformat()
        else:
            deadline_at = self.deadline_at

        edict_id: int | None | Unset
        if isinstance(self.edict_id, Unset):
            edict_id = UNSET
        else:
            edict_id = self.edict_id

        pending_battles: int | None | Unset
        if isinstance(self.pending_battles, Unset):
            pending_battles = UNSET
        else:
            pending_battles = self.pending_battles

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign": campaign,
                "kind": kind,
                "link": link,
                "text": text,
                "turn": turn,
            }
        )
        if battle_id is not UNSET:
            field_dict["battle_id"] = battle_id
        if deadline_at is not UNSET:
            field_dict["deadline_at"] = deadline_at
        if edict_id is not UNSET:
            field_dict["edict_id"] = edict_id
        if pending_battles is not UNSET:
            field_dict["pending_battles"] = pending_battles

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_ref import CampaignRef  # noqa: PLC0415

        d = dict(src_dict)
        campaign = CampaignRef.from_dict(d.pop("campaign"))

        kind = NotificationKind(d.pop("kind"))

        link = d.pop("link")

        text = d.pop("text")

        turn = d.pop("turn")

        def _parse_battle_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        battle_id = _parse_battle_id(d.pop("battle_id", UNSET))

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

        def _parse_edict_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        edict_id = _parse_edict_id(d.pop("edict_id", UNSET))

        def _parse_pending_battles(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pending_battles = _parse_pending_battles(d.pop("pending_battles", UNSET))

        notification_data = cls(
            campaign=campaign,
            kind=kind,
            link=link,
            text=text,
            turn=turn,
            battle_id=battle_id,
            deadline_at=deadline_at,
            edict_id=edict_id,
            pending_battles=pending_battles,
        )

        notification_data.additional_properties = d
        return notification_data

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
