from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="StakeData")


@_attrs_define
class StakeData:
    """
    Attributes:
        amount (int):
        battle_id (int):
        loser (int):
        winner (int):
    """

    amount: int
    battle_id: int
    loser: int
    winner: int

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        battle_id = self.battle_id

        loser = self.loser

        winner = self.winner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "battle_id": battle_id,
                "loser": loser,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        battle_id = d.pop("battle_id")

        loser = d.pop("loser")

        winner = d.pop("winner")

        stake_data = cls(
            amount=amount,
            battle_id=battle_id,
            loser=loser,
            winner=winner,
        )

        return stake_data
