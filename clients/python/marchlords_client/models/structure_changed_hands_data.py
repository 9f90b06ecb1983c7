from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="StructureChangedHandsData")


@_attrs_define
class StructureChangedHandsData:
    """
    Attributes:
        from_player (int):
        structure_id (int):
        to_player (int):
    """

    from_player: int
    structure_id: int
    to_player: int

    def to_dict(self) -> dict[str, Any]:
        from_player = self.from_player

        structure_id = self.structure_id

        to_player = self.to_player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from_player": from_player,
                "structure_id": structure_id,
                "to_player": to_player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_player = d.pop("from_player")

        structure_id = d.pop("structure_id")

        to_player = d.pop("to_player")

        structure_changed_hands_data = cls(
            from_player=from_player,
            structure_id=structure_id,
            to_player=to_player,
        )

        return structure_changed_hands_data
