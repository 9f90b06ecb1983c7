from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExportedMessage")


@_attrs_define
class ExportedMessage:
    """A message, in sending order.

    Attributes:
        body (str):
        created_at (datetime.datetime):
        hidden_at (datetime.datetime | None):
        public_id (int):
        recipients (list[int]):
        sender (int):
        to_all (bool):
        turn (int):
    """

    body: str
    created_at: datetime.datetime
    hidden_at: datetime.datetime | None
    public_id: int
    recipients: list[int]
    sender: int
    to_all: bool
    turn: int

    def to_dict(self) -> dict[str, Any]:
        body = self.body

        created_at = self.created_at.isoformat()

        hidden_at: None | str
        if isinstance(self.hidden_at, datetime.datetime):
            hidden_at = self.hidden_at.isoformat()
        else:
            hidden_at = self.hidden_at

        public_id = self.public_id

        recipients = self.recipients

        sender = self.sender

        to_all = self.to_all

        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "body": body,
                "created_at": created_at,
                "hidden_at": hidden_at,
                "public_id": public_id,
                "recipients": recipients,
                "sender": sender,
                "to_all": to_all,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        body = d.pop("body")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_hidden_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                hidden_at_type_0 = datetime.datetime.fromisoformat(data)

                return hidden_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        hidden_at = _parse_hidden_at(d.pop("hidden_at"))

        public_id = d.pop("public_id")

        recipients = cast(list[int], d.pop("recipients"))

        sender = d.pop("sender")

        to_all = d.pop("to_all")

        turn = d.pop("turn")

        exported_message = cls(
            body=body,
            created_at=created_at,
            hidden_at=hidden_at,
            public_id=public_id,
            recipients=recipients,
            sender=sender,
            to_all=to_all,
            turn=turn,
        )

        return exported_message
