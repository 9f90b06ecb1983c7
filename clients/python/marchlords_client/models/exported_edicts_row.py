from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.exported_edicts_row_kind import ExportedEdictsRowKind
from ..models.exported_edicts_row_status import ExportedEdictsRowStatus

T = TypeVar("T", bound="ExportedEdictsRow")


@_attrs_define
class ExportedEdictsRow:
    """A `edicts` row.

    Attributes:
        amount (int):
        answered_turn (int | None):
        city_id (int | None):
        cost (int):
        created_at (datetime.datetime):
        general_id (int | None):
        id (int):
        kind (ExportedEdictsRowKind):
        offer (None | str):
        q (int | None):
        r (int | None):
        recipient (int | None):
        sender (int):
        status (ExportedEdictsRowStatus):
        their_city_id (int | None):
        treaty_id (int | None):
        turn (int):
        updated_at (datetime.datetime):
    """

    amount: int
    answered_turn: int | None
    city_id: int | None
    cost: int
    created_at: datetime.datetime
    general_id: int | None
    id: int
    kind: ExportedEdictsRowKind
    offer: None | str
    q: int | None
    r: int | None
    recipient: int | None
    sender: int
    status: ExportedEdictsRowStatus
    their_city_id: int | None
    treaty_id: int | None
    turn: int
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        answered_turn: int | None
        answered_turn = self.answered_turn

        city_id: int | None
        city_id = self.city_id

        cost = self.cost

        created_at = self.created_at.isoformat()

        general_id: int | None
        general_id = self.general_id

        id = self.id

        kind = self.kind.value

        offer: None | str
        offer = self.offer

        q: int | None
        q = self.q

        r: int | None
        r = self.r

        recipient: int | None
        recipient = self.recipient

        sender = self.sender

        status = self.status.value

        their_city_id: int | None
        their_city_id = self.their_city_id

        treaty_id: int | None
        treaty_id = self.treaty_id

        turn = self.turn

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "answered_turn": answered_turn,
                "city_id": city_id,
                "cost": cost,
                "created_at": created_at,
                "general_id": general_id,
                "id": id,
                "kind": kind,
                "offer": offer,
                "q": q,
                "r": r,
                "recipient": recipient,
                "sender": sender,
                "status": status,
                "their_city_id": their_city_id,
                "treaty_id": treaty_id,
                "turn": turn,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        def _parse_answered_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        answered_turn = _parse_answered_turn(d.pop("answered_turn"))

        def _parse_city_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        city_id = _parse_city_id(d.pop("city_id"))

        cost = d.pop("cost")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_general_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        general_id = _parse_general_id(d.pop("general_id"))

        id = d.pop("id")

        kind = ExportedEdictsRowKind(d.pop("kind"))

        def _parse_offer(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        offer = _parse_offer(d.pop("offer"))

        def _parse_q(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        q = _parse_q(d.pop("q"))

        def _parse_r(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        r = _parse_r(d.pop("r"))

        def _parse_recipient(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        recipient = _parse_recipient(d.pop("recipient"))

        sender = d.pop("sender")

        status = ExportedEdictsRowStatus(d.pop("status"))

        def _parse_their_city_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        their_city_id = _parse_their_city_id(d.pop("their_city_id"))

        def _parse_treaty_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        treaty_id = _parse_treaty_id(d.pop("treaty_id"))

        turn = d.pop("turn")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        exported_edicts_row = cls(
            amount=amount,
            answered_turn=answered_turn,
            city_id=city_id,
            cost=cost,
            created_at=created_at,
            general_id=general_id,
            id=id,
            kind=kind,
            offer=offer,
            q=q,
            r=r,
            recipient=recipient,
            sender=sender,
            status=status,
            their_city_id=their_city_id,
            treaty_id=treaty_id,
            turn=turn,
            updated_at=updated_at,
        )

        return exported_edicts_row
