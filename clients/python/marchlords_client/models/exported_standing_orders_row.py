from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.exported_standing_orders_row_kind import ExportedStandingOrdersRowKind

T = TypeVar("T", bound="ExportedStandingOrdersRow")


@_attrs_define
class ExportedStandingOrdersRow:
    """A `standing_orders` row.

    Attributes:
        army_id (int | None):
        created_at (datetime.datetime):
        id (int):
        kind (ExportedStandingOrdersRowKind):
        player (int):
        q (int | None):
        r (int | None):
        radius (int | None):
        to_q (int | None):
        to_r (int | None):
        updated_at (datetime.datetime):
    """

    army_id: int | None
    created_at: datetime.datetime
    id: int
    kind: ExportedStandingOrdersRowKind
    player: int
    q: int | None
    r: int | None
    radius: int | None
    to_q: int | None
    to_r: int | None
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        army_id: int | None
        army_id = self.army_id

        created_at = self.created_at.isoformat()

        id = self.id

        kind = self.kind.value

        player = self.player

        q: int | None
        q = self.q

        r: int | None
        r = self.r

        radius: int | None
        radius = self.radius

        to_q: int | None
        to_q = self.to_q

        to_r: int | None
        to_r = self.to_r

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "created_at": created_at,
                "id": id,
                "kind": kind,
                "player": player,
                "q": q,
                "r": r,
                "radius": radius,
                "to_q": to_q,
                "to_r": to_r,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_army_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        army_id = _parse_army_id(d.pop("army_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = d.pop("id")

        kind = ExportedStandingOrdersRowKind(d.pop("kind"))

        player = d.pop("player")

        def _parse_q(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        q = _parse_q(d.pop("q"))

        def _parse_r(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        r = _parse_r(d.pop("r"))

        def _parse_radius(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        radius = _parse_radius(d.pop("radius"))

        def _parse_to_q(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_q = _parse_to_q(d.pop("to_q"))

        def _parse_to_r(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_r = _parse_to_r(d.pop("to_r"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        exported_standing_orders_row = cls(
            army_id=army_id,
            created_at=created_at,
            id=id,
            kind=kind,
            player=player,
            q=q,
            r=r,
            radius=radius,
            to_q=to_q,
            to_r=to_r,
            updated_at=updated_at,
        )

        return exported_standing_orders_row
