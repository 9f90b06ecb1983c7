from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExportedStakesRow")


@_attrs_define
class ExportedStakesRow:
    """A `stakes` row.

    Attributes:
        amount (int):
        battle_id (int):
        id (int):
        loser (int):
        rule (str):
        winner (int):
    """

    amount: int
    battle_id: int
    id: int
    loser: int
    rule: str
    winner: int

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        battle_id = self.battle_id

        id = self.id

        loser = self.loser

        rule = self.rule

        winner = self.winner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "battle_id": battle_id,
                "id": id,
                "loser": loser,
                "rule": rule,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        battle_id = d.pop("battle_id")

        id = d.pop("id")

        loser = d.pop("loser")

        rule = d.pop("rule")

        winner = d.pop("winner")

        exported_stakes_row = cls(
            amount=amount,
            battle_id=battle_id,
            id=id,
            loser=loser,
            rule=rule,
            winner=winner,
        )

        return exported_stakes_row
