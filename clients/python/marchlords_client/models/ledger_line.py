from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LedgerLine")


@_attrs_define
class LedgerLine:
    """
    Attributes:
        amount (int):
        created_at (datetime.datetime):
        player (int):
        reason (str):
        rule (str):
        turn (int):
    """

    amount: int
    created_at: datetime.datetime
    player: int
    reason: str
    rule: str
    turn: int

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        created_at = self.created_at.isoformat()

        player = self.player

        reason = self.reason

        rule = self.rule

        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "created_at": created_at,
                "player": player,
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

        player = d.pop("player")

        reason = d.pop("reason")

        rule = d.pop("rule")

        turn = d.pop("turn")

        ledger_line = cls(
            amount=amount,
            created_at=created_at,
            player=player,
            reason=reason,
            rule=rule,
            turn=turn,
        )

        return ledger_line
