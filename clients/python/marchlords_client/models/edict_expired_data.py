from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.edict_kind import EdictKind

T = TypeVar("T", bound="EdictExpiredData")


@_attrs_define
class EdictExpiredData:
    """
    Attributes:
        edict_id (int):
        kind (EdictKind):
    """

    edict_id: int
    kind: EdictKind

    def to_dict(self) -> dict[str, Any]:
        edict_id = self.edict_id

        kind = self.kind.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "edict_id": edict_id,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        edict_id = d.pop("edict_id")

        kind = EdictKind(d.pop("kind"))

        edict_expired_data = cls(
            edict_id=edict_id,
            kind=kind,
        )

        return edict_expired_data
