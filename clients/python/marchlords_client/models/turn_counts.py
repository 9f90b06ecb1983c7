from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="TurnCounts")


@_attrs_define
class TurnCounts:
    """Turns of the user's seats, by how they went (R-CAMP-14).

    Attributes:
        civil_disorder (int): Played by standing orders alone (R-CAMP-10).
        excused (int): On vacation (R-CAMP-8) or held by a steward (R-CAMP-7).
        missed (int): The deadline passed with the seat not ready (R-CAMP-7).
        on_time (int): Ready before the turn changed (never past its deadline).
    """

    civil_disorder: int
    excused: int
    missed: int
    on_time: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        civil_disorder = self.civil_disorder

        excused = self.excused

        missed = self.missed

        on_time = self.on_time

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "civil_disorder": civil_disorder,
                "excused": excused,
                "missed": missed,
                "on_time": on_time,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        civil_disorder = d.pop("civil_disorder")

        excused = d.pop("excused")

        missed = d.pop("missed")

        on_time = d.pop("on_time")

        turn_counts = cls(
            civil_disorder=civil_disorder,
            excused=excused,
            missed=missed,
            on_time=on_time,
        )

        turn_counts.additional_properties = d
        return turn_counts

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
