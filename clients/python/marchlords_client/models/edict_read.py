from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.edict_kind import EdictKind
from ..models.edict_status import EdictStatus
from ..models.vassal_offer import VassalOffer
from ..types import UNSET, Unset

T = TypeVar("T", bound="EdictRead")


@_attrs_define
class EdictRead:
    """An edict you sent or received.

    Attributes:
        cost (int): Gold the sender paid; refunded if refused, withdrawn or expired.
        created_at (datetime.datetime):
        id (int):
        kind (EdictKind):
        recipient (int | None):
        recipient_name (None | str):
        sender (int):
        sender_name (str):
        status (EdictStatus):
        turn (int):
        amount (int | None | Unset):
        answered_turn (int | None | Unset):
        general_id (int | None | Unset):
        my_city_id (int | None | Unset): Trade: the sender's city.
        offer (None | Unset | VassalOffer):
        q (int | None | Unset):
        r (int | None | Unset):
        their_city_id (int | None | Unset): Trade: the recipient's city.
        treaty_id (int | None | Unset): The treaty its acceptance made.
    """

    cost: int
    created_at: datetime.datetime
    id: int
    kind: EdictKind
    recipient: int | None
    recipient_name: None | str
    sender: int
    sender_name: str
    status: EdictStatus
    turn: int
    amount: int | None | Unset = UNSET
    answered_turn: int | None | Unset = UNSET
    general_id: int | None | Unset = UNSET
    my_city_id: int | None | Unset = UNSET
    offer: None | Unset | VassalOffer = UNSET
    q: int | None | Unset = UNSET
    r: int | None | Unset = UNSET
    their_city_id: int | None | Unset = UNSET
    treaty_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cost = self.cost

        created_at = self.created_at.isoformat()

        id = self.id

        kind = self.kind.value

        recipient: int | None
        recipient = self.recipient

        recipient_name: None | str
        recipient_name = self.recipient_name

        sender = self.sender

        sender_name = self.sender_name

        status = self.status.value

        turn = self.turn

        amount: int | None | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        answered_turn: int | None | Unset
        if isinstance(self.answered_turn, Unset):
            answered_turn = UNSET
        else:
            answered_turn = self.answered_turn

        general_id: int | None | Unset
        if isinstance(self.general_id, Unset):
            general_id = UNSET
        else:
            general_id = self.general_id

        my_city_id: int | None | Unset
        if isinstance(self.my_city_id, Unset):
            my_city_id = UNSET
        else:
            my_city_id = self.my_city_id

        offer: None | str | Unset
        if isinstance(self.offer, Unset):
            offer = UNSET
        elif isinstance(self.offer, VassalOffer):
            offer = self.offer.value
        else:
            offer = self.offer

        q: int | None | Unset
        if isinstance(self.q, Unset):
            q = UNSET
        else:
            q = self.q

        r: int | None | Unset
        if isinstance(self.r, Unset):
            r = UNSET
        else:
            r = self.r

        their_city_id: int | None | Unset
        if isinstance(self.their_city_id, Unset):
            their_city_id = UNSET
        else:
            their_city_id = self.their_city_id

        treaty_id: int | None | Unset
        if isinstance(self.treaty_id, Unset):
            treaty_id = UNSET
        else:
            treaty_id = self.treaty_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cost": cost,
                "created_at": created_at,
                "id": id,
                "kind": kind,
                "recipient": recipient,
                "recipient_name": recipient_name,
                "sender": sender,
                "sender_name": sender_name,
                "status": status,
                "turn": turn,
            }
        )
        if amount is not UNSET:
            field_dict["amount"] = amount
        if answered_turn is not UNSET:
            field_dict["answered_turn"] = answered_turn
        if general_id is not UNSET:
            field_dict["general_id"] = general_id
        if my_city_id is not UNSET:
            field_dict["my_city_id"] = my_city_id
        if offer is not UNSET:
            field_dict["offer"] = offer
        if q is not UNSET:
            field_dict["q"] = q
        if r is not UNSET:
            field_dict["r"] = r
        if their_city_id is not UNSET:
            field_dict["their_city_id"] = their_city_id
        if treaty_id is not UNSET:
            field_dict["treaty_id"] = treaty_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cost = d.pop("cost")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = d.pop("id")

        kind = EdictKind(d.pop("kind"))

        def _parse_recipient(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        recipient = _parse_recipient(d.pop("recipient"))

        def _parse_recipient_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        recipient_name = _parse_recipient_name(d.pop("recipient_name"))

        sender = d.pop("sender")

        sender_name = d.pop("sender_name")

        status = EdictStatus(d.pop("status"))

        turn = d.pop("turn")

        def _parse_amount(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_answered_turn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        answered_turn = _parse_answered_turn(d.pop("answered_turn", UNSET))

        def _parse_general_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        general_id = _parse_general_id(d.pop("general_id", UNSET))

        def _parse_my_city_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        my_city_id = _parse_my_city_id(d.pop("my_city_id", UNSET))

        def _parse_offer(data: object) -> None | Unset | VassalOffer:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                offer_type_0 = VassalOffer(data)

                return offer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | VassalOffer, data)

        offer = _parse_offer(d.pop("offer", UNSET))

        def _parse_q(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        q = _parse_q(d.pop("q", UNSET))

        def _parse_r(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        r = _parse_r(d.pop("r", UNSET))

        def _parse_their_city_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        their_city_id = _parse_their_city_id(d.pop("their_city_id", UNSET))

        def _parse_treaty_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        treaty_id = _parse_treaty_id(d.pop("treaty_id", UNSET))

        edict_read = cls(
            cost=cost,
            created_at=created_at,
            id=id,
            kind=kind,
            recipient=recipient,
            recipient_name=recipient_name,
            sender=sender,
            sender_name=sender_name,
            status=status,
            turn=turn,
            amount=amount,
            answered_turn=answered_turn,
            general_id=general_id,
            my_city_id=my_city_id,
            offer=offer,
            q=q,
            r=r,
            their_city_id=their_city_id,
            treaty_id=treaty_id,
        )

        edict_read.additional_properties = d
        return edict_read

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
