from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReleasePrisonerEdict")


@_attrs_define
class ReleasePrisonerEdict:
    """Release a general you hold: it returns free to its owner at once (R-ARMY-2).

    Attributes:
        general_id (int):
        kind (Literal['release_prisoner']):
    """

    general_id: int
    kind: Literal["release_prisoner"]

    def to_dict(self) -> dict[str, Any]:
        general_id = self.general_id

        kind = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "general_id": general_id,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        general_id = d.pop("general_id")

        kind = cast(Literal["release_prisoner"], d.pop("kind"))
        if kind != "release_prisoner":
            raise ValueError(f"kind must match const 'release_prisoner', got '{kind}'")

        release_prisoner_edict = cls(
            general_id=general_id,
            kind=kind,
        )

        return release_prisoner_edict
