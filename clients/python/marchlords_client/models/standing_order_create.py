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
    `return_to` names the army and a tile holding a structure of yours; `if_hostile_near` the
    army, a tile (q, r), a `radius` and where to go (`to_q`, `to_r`) if a hostile army is seen
    that near at the change.

        Attributes:
            kind (StandingKind):
            army_id (int | None | Unset):
            q (int | None | Unset):
            r (int | None | Unset):
            radius (int | None | Unset): if_hostile_near: tiles.
            to_q (int | None | Unset): if_hostile_near: where to move.
            to_r (int | None | Unset):
    """

    kind: StandingKind
    army_id: int | None | Unset = UNSET
    q: int | None | Unset = UNSET
    r: int | None | Unset = UNSET
    radius: int | None | Unset = UNSET
    to_q: int | None | Unset = UNSET
    to_r: int | None | Unset = UNSET

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

        radius: int | None | Unset
        if isinstance(self.radius, Unset):
            radius = UNSET
        else:
            radius = self.radius

        to_q: int | None | Unset
        if isinstance(self.to_q, Unset):
            to_q = UNSET
        else:
            to_q = self.to_q

        to_r: int | None | Unset
        if isinstance(self.to_r, Unset):
            to_r = UNSET
        else:
            to_r = self.to_r

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
        if radius is not UNSET:
            field_dict["radius"] = radius
        if to_q is not UNSET:
            field_dict["to_q"] = to_q
        if to_r is not UNSET:
            field_dict["to_r"] = to_r

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

        def _parse_radius(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        radius = _parse_radius(d.pop("radius", UNSET))

        def _parse_to_q(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        to_q = _parse_to_q(d.pop("to_q", UNSET))

        def _parse_to_r(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        to_r = _parse_to_r(d.pop("to_r", UNSET))

        standing_order_create = cls(
            kind=kind,
            army_id=army_id,
            q=q,
            r=r,
            radius=radius,
            to_q=to_q,
            to_r=to_r,
        )

        return standing_order_create
