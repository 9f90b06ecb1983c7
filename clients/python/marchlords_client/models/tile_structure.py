from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.structure_kind import StructureKind

T = TypeVar("T", bound="TileStructure")


@_attrs_define
class TileStructure:
    """A structure on a visible tile, live.

    Attributes:
        also_port (bool): The Dark Elves' capital-port (R-CAMP-3).
        besieged (bool):
        capital (bool):
        id (int):
        kind (StructureKind):
        level (int):
    """

    also_port: bool
    besieged: bool
    capital: bool
    id: int
    kind: StructureKind
    level: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        also_port = self.also_port

        besieged = self.besieged

        capital = self.capital

        id = self.id

        kind = self.kind.value

        level = self.level

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "also_port": also_port,
                "besieged": besieged,
                "capital": capital,
                "id": id,
                "kind": kind,
                "level": level,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        also_port = d.pop("also_port")

        besieged = d.pop("besieged")

        capital = d.pop("capital")

        id = d.pop("id")

        kind = StructureKind(d.pop("kind"))

        level = d.pop("level")

        tile_structure = cls(
            also_port=also_port,
            besieged=besieged,
            capital=capital,
            id=id,
            kind=kind,
            level=level,
        )

        tile_structure.additional_properties = d
        return tile_structure

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
