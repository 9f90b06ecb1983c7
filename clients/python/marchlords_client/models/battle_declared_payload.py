from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.battle_kind import BattleKind

T = TypeVar("T", bound="BattleDeclaredPayload")


@_attrs_define
class BattleDeclaredPayload:
    """
    Attributes:
        battle_id (int):
        kind (BattleKind):
        turn (int):
    """

    battle_id: int
    kind: BattleKind
    turn: int

    def to_dict(self) -> dict[str, Any]:
        battle_id = self.battle_id

        kind = self.kind.value

        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "battle_id": battle_id,
                "kind": kind,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        battle_id = d.pop("battle_id")

        kind = BattleKind(d.pop("kind"))

        turn = d.pop("turn")

        battle_declared_payload = cls(
            battle_id=battle_id,
            kind=kind,
            turn=turn,
        )

        return battle_declared_payload
