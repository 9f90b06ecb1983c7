from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GiftEdict")


@_attrs_define
class GiftEdict:
    """Give gold at once, at most `gift_max_pct` % of your treasury.

    Attributes:
        amount (int):
        kind (Literal['gift']):
        to (int):
    """

    amount: int
    kind: Literal["gift"]
    to: int

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        kind = self.kind

        to = self.to

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "kind": kind,
                "to": to,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        kind = cast(Literal["gift"], d.pop("kind"))
        if kind != "gift":
            raise ValueError(f"kind must match const 'gift', got '{kind}'")

        to = d.pop("to")

        gift_edict = cls(
            amount=amount,
            kind=kind,
            to=to,
        )

        return gift_edict
