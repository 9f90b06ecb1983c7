from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RosterUnitExport")


@_attrs_define
class RosterUnitExport:
    """A unit of a list, as stored (`lost`: R-ARMY-7, absent before any battle).

    Attributes:
        count (int):
        general (bool):
        name (str):
        options (str):
        points (int):
        lost (int | None | Unset):
    """

    count: int
    general: bool
    name: str
    options: str
    points: int
    lost: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        general = self.general

        name = self.name

        options = self.options

        points = self.points

        lost: int | None | Unset
        if isinstance(self.lost, Unset):
            lost = UNSET
        else:
            lost = self.lost

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "count": count,
                "general": general,
                "name": name,
                "options": options,
                "points": points,
            }
        )
        if lost is not UNSET:
            field_dict["lost"] = lost

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        count = d.pop("count")

        general = d.pop("general")

        name = d.pop("name")

        options = d.pop("options")

        points = d.pop("points")

        def _parse_lost(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        lost = _parse_lost(d.pop("lost", UNSET))

        roster_unit_export = cls(
            count=count,
            general=general,
            name=name,
            options=options,
            points=points,
            lost=lost,
        )

        return roster_unit_export
