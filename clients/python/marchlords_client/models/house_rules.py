from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.house_rule_read import HouseRuleRead


T = TypeVar("T", bound="HouseRules")


@_attrs_define
class HouseRules:
    """The battle rules the campaign plays by: its game system and the amendments, in order.

    Attributes:
        amendments (list[HouseRuleRead]):
        game_system (str):
    """

    amendments: list[HouseRuleRead]
    game_system: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amendments = []
        for amendments_item_data in self.amendments:
            amendments_item = amendments_item_data.to_dict()
            amendments.append(amendments_item)

        game_system = self.game_system

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amendments": amendments,
                "game_system": game_system,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.house_rule_read import HouseRuleRead  # noqa: PLC0415

        d = dict(src_dict)
        amendments = []
        _amendments = d.pop("amendments")
        for amendments_item_data in _amendments:
            amendments_item = HouseRuleRead.from_dict(amendments_item_data)

            amendments.append(amendments_item)

        game_system = d.pop("game_system")

        house_rules = cls(
            amendments=amendments,
            game_system=game_system,
        )

        house_rules.additional_properties = d
        return house_rules

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
