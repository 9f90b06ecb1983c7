from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.edict_kind import EdictKind
from ..models.edict_status import EdictStatus

T = TypeVar("T", bound="EdictAnsweredPayload")


@_attrs_define
class EdictAnsweredPayload:
    """
    Attributes:
        edict_id (int):
        kind (EdictKind):
        status (EdictStatus):
    """

    edict_id: int
    kind: EdictKind
    status: EdictStatus

    def to_dict(self) -> dict[str, Any]:
        edict_id = self.edict_id

        kind = self.kind.value

        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "edict_id": edict_id,
                "kind": kind,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        edict_id = d.pop("edict_id")

        kind = EdictKind(d.pop("kind"))

        status = EdictStatus(d.pop("status"))

        edict_answered_payload = cls(
            edict_id=edict_id,
            kind=kind,
            status=status,
        )

        return edict_answered_payload
