from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.build_kind import BuildKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="BuildCreate")


@_attrs_define
class BuildCreate:
    """Found a city, build a port or an outpost, or upgrade a city (R-BUILD).

    Attributes:
        kind (BuildKind):
        q (int):
        r (int):
        army_id (int | None | Unset): The army that builds; not needed for upgrade_city.
    """

    kind: BuildKind
    q: int
    r: int
    army_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        q = self.q

        r = self.r

        army_id: int | None | Unset
        if isinstance(self.army_id, Unset):
            army_id = UNSET
        else:
            army_id = self.army_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "q": q,
                "r": r,
            }
        )
        if army_id is not UNSET:
            field_dict["army_id"] = army_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = BuildKind(d.pop("kind"))

        q = d.pop("q")

        r = d.pop("r")

        def _parse_army_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        army_id = _parse_army_id(d.pop("army_id", UNSET))

        build_create = cls(
            kind=kind,
            q=q,
            r=r,
            army_id=army_id,
        )

        return build_create
