from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RosterUnitRead")


@_attrs_define
class RosterUnitRead:
    """
    Attributes:
        count (int): Models in the unit.
        general (bool): The unit that leads the army (its general).
        name (str):
        options (str): The chosen options, comma-separated; no rules text.
        points (int): The unit with its options, in the list's own points.
    """

    count: int
    general: bool
    name: str
    options: str
    points: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        general = self.general

        name = self.name

        options = self.options

        points = self.points

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "general": general,
                "name": name,
                "options": options,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        count = d.pop("count")

        general = d.pop("general")

        name = d.pop("name")

        options = d.pop("options")

        points = d.pop("points")

        roster_unit_read = cls(
            count=count,
            general=general,
            name=name,
            options=options,
            points=points,
        )

        roster_unit_read.additional_properties = d
        return roster_unit_read

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
