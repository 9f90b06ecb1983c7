from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LedgerEntryRead")


@_attrs_define
class LedgerEntryRead:
    """
    Attributes:
        amount (int):
        created_at (datetime.datetime):
        reason (str):
        rule (str):
        turn (int):
    """

    amount: int
    created_at: datetime.datetime
    reason: str
    rule: str
    turn: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        created_at = self.created_at.isoformat()

        reason = self.reason

        rule = self.rule

        turn = self.turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "created_at": created_at,
                "reason": reason,
                "rule": rule,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        reason = d.pop("reason")

        rule = d.pop("rule")

        turn = d.pop("turn")

        ledger_entry_read = cls(
            amount=amount,
            created_at=created_at,
            reason=reason,
            rule=rule,
            turn=turn,
        )

        ledger_entry_read.additional_properties = d
        return ledger_entry_read

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
