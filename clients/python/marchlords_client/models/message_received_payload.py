from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="MessageReceivedPayload")


@_attrs_define
class MessageReceivedPayload:
    """
    Attributes:
        message_id (int):
        sender (int): The sending seat.
        to_all (bool):
    """

    message_id: int
    sender: int
    to_all: bool

    def to_dict(self) -> dict[str, Any]:
        message_id = self.message_id

        sender = self.sender

        to_all = self.to_all

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message_id": message_id,
                "sender": sender,
                "to_all": to_all,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message_id = d.pop("message_id")

        sender = d.pop("sender")

        to_all = d.pop("to_all")

        message_received_payload = cls(
            message_id=message_id,
            sender=sender,
            to_all=to_all,
        )

        return message_received_payload
