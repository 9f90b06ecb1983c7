from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.correspondent import Correspondent


T = TypeVar("T", bound="MessageRead")


@_attrs_define
class MessageRead:
    """
    Attributes:
        body (str):
        id (int): Random: it says nothing of how many messages others wrote (R-FOG-3).
        read (bool): Sent by you, or at or below your read mark.
        recipients (list[Correspondent]):
        sender (Correspondent): A player as the reader may name them (R-CAMP-5: "Player A" under anonymity).
        sent_at (datetime.datetime):
        sent_by_you (bool):
        to_all (bool):
        turn (int):
    """

    body: str
    id: int
    read: bool
    recipients: list[Correspondent]
    sender: Correspondent
    sent_at: datetime.datetime
    sent_by_you: bool
    to_all: bool
    turn: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        body = self.body

        id = self.id

        read = self.read

        recipients = []
        for recipients_item_data in self.recipients:
            recipients_item = recipients_item_data.to_dict()
            recipients.append(recipients_item)

        sender = self.sender.to_dict()

        sent_at = self.sent_at.isoformat()

        sent_by_you = self.sent_by_you

        to_all = self.to_all

        turn = self.turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "body": body,
                "id": id,
                "read": read,
                "recipients": recipients,
                "sender": sender,
                "sent_at": sent_at,
                "sent_by_you": sent_by_you,
                "to_all": to_all,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.correspondent import Correspondent  # noqa: PLC0415

        d = dict(src_dict)
        body = d.pop("body")

        id = d.pop("id")

        read = d.pop("read")

        recipients = []
        _recipients = d.pop("recipients")
        for recipients_item_data in _recipients:
            recipients_item = Correspondent.from_dict(recipients_item_data)

            recipients.append(recipients_item)

        sender = Correspondent.from_dict(d.pop("sender"))

        sent_at = datetime.datetime.fromisoformat(d.pop("sent_at"))

        sent_by_you = d.pop("sent_by_you")

        to_all = d.pop("to_all")

        turn = d.pop("turn")

        message_read = cls(
            body=body,
            id=id,
            read=read,
            recipients=recipients,
            sender=sender,
            sent_at=sent_at,
            sent_by_you=sent_by_you,
            to_all=to_all,
            turn=turn,
        )

        message_read.additional_properties = d
        return message_read

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
