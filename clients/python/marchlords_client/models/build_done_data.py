from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.build_kind import BuildKind

T = TypeVar("T", bound="BuildDoneData")


@_attrs_define
class BuildDoneData:
    """
    Attributes:
        build_id (int):
        kind (BuildKind):
        player (int):
    """

    build_id: int
    kind: BuildKind
    player: int

    def to_dict(self) -> dict[str, Any]:
        build_id = self.build_id

        kind = self.kind.value

        player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "build_id": build_id,
                "kind": kind,
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        build_id = d.pop("build_id")

        kind = BuildKind(d.pop("kind"))

        player = d.pop("player")

        build_done_data = cls(
            build_id=build_id,
            kind=kind,
            player=player,
        )

        return build_done_data
