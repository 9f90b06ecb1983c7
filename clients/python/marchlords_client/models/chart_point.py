from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ChartPoint")


@_attrs_define
class ChartPoint:
    """One player's numbers at the end of one turn (`turn` < the current turn), or now.

    Attributes:
        current (bool): The current turn, as it stands now.
        gold (int): Gold held at the end of the turn, before its change.
        income (int | None): What the player's structures yielded at that turn's change: the ledger's income lines
            (R-ECO-2) and faction bonuses (R-FAC). None for the current turn, which has not changed yet.
        score (int): The score of the standings (R-CAMP-4).
        territories (int): Tiles owned (R-OWN-1).
        turn (int):
    """

    current: bool
    gold: int
    income: int | None
    score: int
    territories: int
    turn: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        current = self.current

        gold = self.gold

        income: int | None
        income = self.income

        score = self.score

        territories = self.territories

        turn = self.turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "current": current,
                "gold": gold,
                "income": income,
                "score": score,
                "territories": territories,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        current = d.pop("current")

        gold = d.pop("gold")

        def _parse_income(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        income = _parse_income(d.pop("income"))

        score = d.pop("score")

        territories = d.pop("territories")

        turn = d.pop("turn")

        chart_point = cls(
            current=current,
            gold=gold,
            income=income,
            score=score,
            territories=territories,
            turn=turn,
        )

        chart_point.additional_properties = d
        return chart_point

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
