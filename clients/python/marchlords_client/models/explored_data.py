from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExploredData")


@_attrs_define
class ExploredData:
    """
    Attributes:
        edict_id (int):
    """

    edict_id: int

    def to_dict(self) -> dict[str, Any]:
        edict_id = self.edict_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "edict_id": edict_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        edict_id = d.pop("edict_id")

        explored_data = cls(
            edict_id=edict_id,
        )

        return explored_data
