from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GoldData")


@_attrs_define
class GoldData:
    """
    Attributes:
        amount (int): Signed: income positive, costs negative (R-ECO-6).
        reason (str):
    """

    amount: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        reason = d.pop("reason")

        gold_data = cls(
            amount=amount,
            reason=reason,
        )

        return gold_data
