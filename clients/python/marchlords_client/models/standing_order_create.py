from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.standing_kind import StandingKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="StandingOrderCreate")


@_attrs_define
class StandingOrderCreate:
    """A standing order (R-TURN-8): given anew at every turn change until deleted. An army's
    (`hold`, `entrench`, `upgrade_army`) names `army_id`; `upgrade_city` names the city's tile;
    `return_to` names the army and a tile holding a structure of yours.

        Attributes:
            kind (StandingKind):
            army_id (int | None | Unset):
            q (int | None | Unset):
            r (int | None | Unset):
    """

    kind: StandingKind
    army_id: int | None | Unset = UNSET
    q: int | None | Unset = UNSET
    r: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        army_id: int | None | Unset
        if isinstance(self.army_id, Unset):
            army_id = UNSET
        else:
            army_id = self.army_id

        q: int | None | Unset
        if isinstance(self.q, Unset):
            q = UNSET
        else:
            q = self.q

        r: int | None | Unset
        if isinstance(self.r, Unset):
            r = UNSET
        else:
            r = self.r

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )
        if army_id is not UNSET:
            field_dict["army_id"] = army_id
        if q is not UNSET:
            field_dict["q"] = q
        if r is not UNSET:
            field_dict["r"] = r

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = StandingKind(d.pop("kind"))

        def _parse_army_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        army_id = _parse_army_id(d.pop("army_id", UNSET))

        def _parse_q(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        q = _parse_q(d.pop("q", UNSET))

        def _parse_r(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        r = _parse_r(d.pop("r", UNSET))

        standing_order_create = cls(
            kind=kind,
            army_id=army_id,
            q=q,
            r=r,
        )

        return standing_order_create
