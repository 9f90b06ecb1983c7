from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExportedStructuresRow")


@_attrs_define
class ExportedStructuresRow:
    """A `structures` row.

    Attributes:
        also_port (bool):
        built_by (int | None):
        id (int):
        is_capital (bool):
        kind (str):
        level (int):
        owner (int):
        q (int):
        r (int):
        since_turn (int):
    """

    also_port: bool
    built_by: int | None
    id: int
    is_capital: bool
    kind: str
    level: int
    owner: int
    q: int
    r: int
    since_turn: int

    def to_dict(self) -> dict[str, Any]:
        also_port = self.also_port

        built_by: int | None
        built_by = self.built_by

        id = self.id

        is_capital = self.is_capital

        kind = self.kind

        level = self.level

        owner = self.owner

        q = self.q

        r = self.r

        since_turn = self.since_turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "also_port": also_port,
                "built_by": built_by,
                "id": id,
                "is_capital": is_capital,
                "kind": kind,
                "level": level,
                "owner": owner,
                "q": q,
                "r": r,
                "since_turn": since_turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        also_port = d.pop("also_port")

        def _parse_built_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        built_by = _parse_built_by(d.pop("built_by"))

        id = d.pop("id")

        is_capital = d.pop("is_capital")

        kind = d.pop("kind")

        level = d.pop("level")

        owner = d.pop("owner")

        q = d.pop("q")

        r = d.pop("r")

        since_turn = d.pop("since_turn")

        exported_structures_row = cls(
            also_port=also_port,
            built_by=built_by,
            id=id,
            is_capital=is_capital,
            kind=kind,
            level=level,
            owner=owner,
            q=q,
            r=r,
            since_turn=since_turn,
        )

        return exported_structures_row
