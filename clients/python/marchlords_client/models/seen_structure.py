from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.structure_kind import StructureKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="SeenStructure")


@_attrs_define
class SeenStructure:
    """A structure on an explored tile, as last seen (R-FOG-1).

    Attributes:
        kind (StructureKind):
        level (int):
        id (int | None | Unset): Its id when last seen (it may have changed hands or fallen since): name a remembered
            city by it, e.g. as a trade route's `their_city_id` (R-DIP-2).
    """

    kind: StructureKind
    level: int
    id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        level = self.level

        id: int | None | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "level": level,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = StructureKind(d.pop("kind"))

        level = d.pop("level")

        def _parse_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        id = _parse_id(d.pop("id", UNSET))

        seen_structure = cls(
            kind=kind,
            level=level,
            id=id,
        )

        seen_structure.additional_properties = d
        return seen_structure

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
