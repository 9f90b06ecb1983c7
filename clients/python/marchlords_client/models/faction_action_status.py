from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="FactionActionStatus")


@_attrs_define
class FactionActionStatus:
    """The faction's action (R-FAC) and when it can be used.

    Attributes:
        available (bool): It could be ordered now.
        available_from_turn (int):
        key (str):
        name (str):
        needs_victories (int): Victories needed to unlock it (0: none).
        recharge (int):
        used_this_turn (bool):
    """

    available: bool
    available_from_turn: int
    key: str
    name: str
    needs_victories: int
    recharge: int
    used_this_turn: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        available = self.available

        available_from_turn = self.available_from_turn

        key = self.key

        name = self.name

        needs_victories = self.needs_victories

        recharge = self.recharge

        used_this_turn = self.used_this_turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "available": available,
                "available_from_turn": available_from_turn,
                "key": key,
                "name": name,
                "needs_victories": needs_victories,
                "recharge": recharge,
                "used_this_turn": used_this_turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        available = d.pop("available")

        available_from_turn = d.pop("available_from_turn")

        key = d.pop("key")

        name = d.pop("name")

        needs_victories = d.pop("needs_victories")

        recharge = d.pop("recharge")

        used_this_turn = d.pop("used_this_turn")

        faction_action_status = cls(
            available=available,
            available_from_turn=available_from_turn,
            key=key,
            name=name,
            needs_victories=needs_victories,
            recharge=recharge,
            used_this_turn=used_this_turn,
        )

        faction_action_status.additional_properties = d
        return faction_action_status

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
