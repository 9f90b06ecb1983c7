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


T = TypeVar("T", bound="InboxItemRead")


@_attrs_define
class InboxItemRead:
    """One notification of your inbox: what it is about and where to look.

    Attributes:
        campaign (CampaignRef):
        created_at (datetime.datetime):
        id (int): The notification's id (mark it read with it).
        kind (NotificationKind):
        link (str): Path of the resource to look at, under this API.
        read (bool):
        read_at (datetime.datetime | None):
        text (str): One sentence saying what happened.
        turn (int): The campaign's turn when it was written.
        battle_id (int | None | Unset):
        deadline_at (datetime.datetime | None | Unset):
        edict_id (int | None | Unset):
    """

    campaign: CampaignRef
    created_at: datetime.datetime
    id: int
    kind: NotificationKind
    link: str
    read: bool
    read_at: datetime.datetime | None
    text: str
    turn: int
    battle_id: int | None | Unset = UNSET
    deadline_at: datetime.datetime | None | Unset = UNSET
    edict_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign = self.campaign.to_dict()

        created_at = self.created_at.isoformat()

        id = self.id

        kind = self.kind.value

        link = self.link

        read = self.read

        read_at: None | str
        if isinstance(self.read_at, datetime.datetime):
            read_at = self.read_at.isoformat()
        else:
            read_at = self.read_at

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

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign": campaign,
                "created_at": created_at,
                "id": id,
                "kind": kind,
                "link": link,
                "read": read,
                "read_at": read_at,
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

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_ref import CampaignRef  # noqa: PLC0415

        d = dict(src_dict)
        campaign = CampaignRef.from_dict(d.pop("campaign"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = d.pop("id")

        kind = NotificationKind(d.pop("kind"))

        link = d.pop("link")

        read = d.pop("read")

        def _parse_read_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                read_at_type_0 = datetime.datetime.fromisoformat(data)

                return read_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        read_at = _parse_read_at(d.pop("read_at"))

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

        inbox_item_read = cls(
            campaign=campaign,
            created_at=created_at,
            id=id,
            kind=kind,
            link=link,
            read=read,
            read_at=read_at,
            text=text,
            turn=turn,
            battle_id=battle_id,
            deadline_at=deadline_at,
            edict_id=edict_id,
        )

        inbox_item_read.additional_properties = d
        return inbox_item_read

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
