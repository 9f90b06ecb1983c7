from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DeadlinesPayload")


@_attrs_define
class DeadlinesPayload:
    """
    Attributes:
        battle_deadline_at (None | str):
        deadline_at (None | str):
        turn (int):
    """

    battle_deadline_at: None | str
    deadline_at: None | str
    turn: int

    def to_dict(self) -> dict[str, Any]:
        battle_deadline_at: None | str
        battle_deadline_at = self.battle_deadline_at

        deadline_at: None | str
        deadline_at = self.deadline_at

        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "battle_deadline_at": battle_deadline_at,
                "deadline_at": deadline_at,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_battle_deadline_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        battle_deadline_at = _parse_battle_deadline_at(d.pop("battle_deadline_at"))

        def _parse_deadline_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deadline_at = _parse_deadline_at(d.pop("deadline_at"))

        turn = d.pop("turn")

        deadlines_payload = cls(
            battle_deadline_at=battle_deadline_at,
            deadline_at=deadline_at,
            turn=turn,
        )

        return deadlines_payload
