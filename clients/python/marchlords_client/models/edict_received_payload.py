from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.edict_kind import EdictKind

T = TypeVar("T", bound="EdictReceivedPayload")


@_attrs_define
class EdictReceivedPayload:
    """
    Attributes:
        edict_id (int):
        kind (EdictKind):
        sender (int):
    """

    edict_id: int
    kind: EdictKind
    sender: int

    def to_dict(self) -> dict[str, Any]:
        edict_id = self.edict_id

        kind = self.kind.value

        sender = self.sender

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "edict_id": edict_id,
                "kind": kind,
                "sender": sender,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        edict_id = d.pop("edict_id")

        kind = EdictKind(d.pop("kind"))

        sender = d.pop("sender")

        edict_received_payload = cls(
            edict_id=edict_id,
            kind=kind,
            sender=sender,
        )

        return edict_received_payload
