from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BattleCounts")


@_attrs_define
class BattleCounts:
    """Battles with an agreed play-by date (R-BAT-8), confirmed by it or after it.

    Attributes:
        late (int):
        on_time (int):
    """

    late: int
    on_time: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        late = self.late

        on_time = self.on_time

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "late": late,
                "on_time": on_time,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        late = d.pop("late")

        on_time = d.pop("on_time")

        battle_counts = cls(
            late=late,
            on_time=on_time,
        )

        battle_counts.additional_properties = d
        return battle_counts

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
