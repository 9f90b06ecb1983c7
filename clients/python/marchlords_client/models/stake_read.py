from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="StakeRead")


@_attrs_define
class StakeRead:
    """Gold the winner can take at the next turn change (R-BAT-7, R-SIEGE-2).

    Attributes:
        attacker_victory (int): What the attacker wins from the defender's leader; 0 against a garrison.
        defender_victory (int): What the defender wins from the attacker.
        pillage (int): On top, if the attacker destroys the besieged city.
    """

    attacker_victory: int
    defender_victory: int
    pillage: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attacker_victory = self.attacker_victory

        defender_victory = self.defender_victory

        pillage = self.pillage

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attacker_victory": attacker_victory,
                "defender_victory": defender_victory,
                "pillage": pillage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attacker_victory = d.pop("attacker_victory")

        defender_victory = d.pop("defender_victory")

        pillage = d.pop("pillage")

        stake_read = cls(
            attacker_victory=attacker_victory,
            defender_victory=defender_victory,
            pillage=pillage,
        )

        stake_read.additional_properties = d
        return stake_read

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
