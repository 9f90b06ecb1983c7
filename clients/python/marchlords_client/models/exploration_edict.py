from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExplorationEdict")


@_attrs_define
class ExplorationEdict:
    """Explore the tiles around one tile near your territory at the turn change.

    Attributes:
        kind (Literal['exploration']):
        q (int):
        r (int):
    """

    kind: Literal["exploration"]
    q: int
    r: int

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        q = self.q

        r = self.r

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "q": q,
                "r": r,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["exploration"], d.pop("kind"))
        if kind != "exploration":
            raise ValueError(f"kind must match const 'exploration', got '{kind}'")

        q = d.pop("q")

        r = d.pop("r")

        exploration_edict = cls(
            kind=kind,
            q=q,
            r=r,
        )

        return exploration_edict
