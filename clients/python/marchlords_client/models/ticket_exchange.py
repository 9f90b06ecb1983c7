from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TicketExchange")


@_attrs_define
class TicketExchange:
    """The ticket a sign-in's redirect handed the web client.

    Attributes:
        ticket (str): The ticket of the redirect's fragment (`#ticket=…`).
    """

    ticket: str

    def to_dict(self) -> dict[str, Any]:
        ticket = self.ticket

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ticket": ticket,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ticket = d.pop("ticket")

        ticket_exchange = cls(
            ticket=ticket,
        )

        return ticket_exchange
