from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.exported_order_row_kind import ExportedOrderRowKind

T = TypeVar("T", bound="ExportedOrderRow")


@_attrs_define
class ExportedOrderRow:
    """An order of the turn.

    Attributes:
        army_id (int | None):
        build_kind (None | str):
        cost (int):
        created_at (datetime.datetime):
        general_id (int | None):
        id (int):
        kind (ExportedOrderRowKind):
        path (Any | None):
        player (int):
        q (int | None):
        r (int | None):
        target_id (int | None):
        turn (int):
        updated_at (datetime.datetime):
    """

    army_id: int | None
    build_kind: None | str
    cost: int
    created_at: datetime.datetime
    general_id: int | None
    id: int
    kind: ExportedOrderRowKind
    path: Any | None
    player: int
    q: int | None
    r: int | None
    target_id: int | None
    turn: int
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        army_id: int | None
        army_id = self.army_id

        build_kind: None | str
        build_kind = self.build_kind

        cost = self.cost

        created_at = self.created_at.isoformat()

        general_id: int | None
        general_id = self.general_id

        id = self.id

        kind = self.kind.value

        path: Any | None
        path = self.path

        player = self.player

        q: int | None
        q = self.q

        r: int | None
        r = self.r

        target_id: int | None
        target_id = self.target_id

        turn = self.turn

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "build_kind": build_kind,
                "cost": cost,
                "created_at": created_at,
                "general_id": general_id,
                "id": id,
                "kind": kind,
                "path": path,
                "player": player,
                "q": q,
                "r": r,
                "target_id": target_id,
                "turn": turn,
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

        def _parse_build_kind(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        build_kind = _parse_build_kind(d.pop("build_kind"))

        cost = d.pop("cost")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_general_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        general_id = _parse_general_id(d.pop("general_id"))

        id = d.pop("id")

        kind = ExportedOrderRowKind(d.pop("kind"))

        def _parse_path(data: object) -> Any | None:
            if data is None:
                return data
            return cast(Any | None, data)

        path = _parse_path(d.pop("path"))

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

        def _parse_target_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        target_id = _parse_target_id(d.pop("target_id"))

        turn = d.pop("turn")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        exported_order_row = cls(
            army_id=army_id,
            build_kind=build_kind,
            cost=cost,
            created_at=created_at,
            general_id=general_id,
            id=id,
            kind=kind,
            path=path,
            player=player,
            q=q,
            r=r,
            target_id=target_id,
            turn=turn,
            updated_at=updated_at,
        )

        return exported_order_row
