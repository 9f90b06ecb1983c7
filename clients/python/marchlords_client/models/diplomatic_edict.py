from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.diplomatic_edict_kind import DiplomaticEdictKind

T = TypeVar("T", bound="DiplomaticEdict")


@_attrs_define
class DiplomaticEdict:
    """Propose an embassy, a non-aggression pact or an alliance (costs `diplomatic_cost`).

    Attributes:
        kind (DiplomaticEdictKind):
        to (int): The player number it is addressed to.
    """

    kind: DiplomaticEdictKind
    to: int

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        to = self.to

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "to": to,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = DiplomaticEdictKind(d.pop("kind"))

        to = d.pop("to")

        diplomatic_edict = cls(
            kind=kind,
            to=to,
        )

        return diplomatic_edict
