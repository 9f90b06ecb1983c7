from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.effect import Effect

if TYPE_CHECKING:
    from ..models.stake_read import StakeRead


T = TypeVar("T", bound="PackStakes")


@_attrs_define
class PackStakes:
    """What each outcome does on the map (R-BAT-7, R-SIEGE) and the gold at stake.

    Attributes:
        attacker_victory (list[Effect]):
        defender_victory (list[Effect]):
        draw (list[Effect]):
        gold (None | StakeRead):
    """

    attacker_victory: list[Effect]
    defender_victory: list[Effect]
    draw: list[Effect]
    gold: None | StakeRead
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.stake_read import StakeRead  # noqa: PLC0415

        attacker_victory = []
        for attacker_victory_item_data in self.attacker_victory:
            attacker_victory_item = attacker_victory_item_data.value
            attacker_victory.append(attacker_victory_item)

        defender_victory = []
        for defender_victory_item_data in self.defender_victory:
            defender_victory_item = defender_victory_item_data.value
            defender_victory.append(defender_victory_item)

        draw = []
        for draw_item_data in self.draw:
            draw_item = draw_item_data.value
            draw.append(draw_item)

        gold: dict[str, Any] | None
        if isinstance(self.gold, StakeRead):
            gold = self.gold.to_dict()
        else:
            gold = self.gold

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attacker_victory": attacker_victory,
                "defender_victory": defender_victory,
                "draw": draw,
                "gold": gold,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stake_read import StakeRead  # noqa: PLC0415

        d = dict(src_dict)
        attacker_victory = []
        _attacker_victory = d.pop("attacker_victory")
        for attacker_victory_item_data in _attacker_victory:
            attacker_victory_item = Effect(attacker_victory_item_data)

            attacker_victory.append(attacker_victory_item)

        defender_victory = []
        _defender_victory = d.pop("defender_victory")
        for defender_victory_item_data in _defender_victory:
            defender_victory_item = Effect(defender_victory_item_data)

            defender_victory.append(defender_victory_item)

        draw = []
        _draw = d.pop("draw")
        for draw_item_data in _draw:
            draw_item = Effect(draw_item_data)

            draw.append(draw_item)

        def _parse_gold(data: object) -> None | StakeRead:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                gold_type_0 = StakeRead.from_dict(data)

                return gold_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StakeRead, data)

        gold = _parse_gold(d.pop("gold"))

        pack_stakes = cls(
            attacker_victory=attacker_victory,
            defender_victory=defender_victory,
            draw=draw,
            gold=gold,
        )

        pack_stakes.additional_properties = d
        return pack_stakes

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
