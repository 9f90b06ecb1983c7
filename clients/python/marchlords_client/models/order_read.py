from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.build_kind import BuildKind
from ..models.order_kind import OrderKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="OrderRead")


@_attrs_define
class OrderRead:
    """An order given this turn and the gold it cost (refunded if cancelled).

    Attributes:
        cost (int): Gold this order itself cost.
        id (int):
        kind (OrderKind):
        total_cost (int): Gold a cancellation of this order refunds: its own cost plus that of the orders that stand or
            fall with it (a raise and the general recruited for it this turn). For a raise that recruits its general, the
            whole price.
        turn (int):
        army_id (int | None | Unset):
        build_kind (BuildKind | None | Unset):
        city_id (int | None | Unset):
        general_id (int | None | Unset):
        path (list[list[int]] | None | Unset):
        q (int | None | Unset):
        r (int | None | Unset):
    """

    cost: int
    id: int
    kind: OrderKind
    total_cost: int
    turn: int
    army_id: int | None | Unset = UNSET
    build_kind: BuildKind | None | Unset = UNSET
    city_id: int | None | Unset = UNSET
    general_id: int | None | Unset = UNSET
    path: list[list[int]] | None | Unset = UNSET
    q: int | None | Unset = UNSET
    r: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cost = self.cost

        id = self.id

        kind = self.kind.value

        total_cost = self.total_cost

        turn = self.turn

        army_id: int | None | Unset
        if isinstance(self.army_id, Unset):
            army_id = UNSET
        else:
            army_id = self.army_id

        build_kind: None | str | Unset
        if isinstance(self.build_kind, Unset):
            build_kind = UNSET
        elif isinstance(self.build_kind, BuildKind):
            build_kind = self.build_kind.value
        else:
            build_kind = self.build_kind

        city_id: int | None | Unset
        if isinstance(self.city_id, Unset):
            city_id = UNSET
        else:
            city_id = self.city_id

        general_id: int | None | Unset
        if isinstance(self.general_id, Unset):
            general_id = UNSET
        else:
            general_id = self.general_id

        path: list[list[int]] | None | Unset
        if isinstance(self.path, Unset):
            path = UNSET
        elif isinstance(self.path, list):
            path = []
            for path_type_0_item_data in self.path:
                path_type_0_item = path_type_0_item_data

                path.append(path_type_0_item)

        else:
            path = self.path

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
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cost": cost,
                "id": id,
                "kind": kind,
                "total_cost": total_cost,
                "turn": turn,
            }
        )
        if army_id is not UNSET:
            field_dict["army_id"] = army_id
        if build_kind is not UNSET:
            field_dict["build_kind"] = build_kind
        if city_id is not UNSET:
            field_dict["city_id"] = city_id
        if general_id is not UNSET:
            field_dict["general_id"] = general_id
        if path is not UNSET:
            field_dict["path"] = path
        if q is not UNSET:
            field_dict["q"] = q
        if r is not UNSET:
            field_dict["r"] = r

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cost = d.pop("cost")

        id = d.pop("id")

        kind = OrderKind(d.pop("kind"))

        total_cost = d.pop("total_cost")

        turn = d.pop("turn")

        def _parse_army_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        army_id = _parse_army_id(d.pop("army_id", UNSET))

        def _parse_build_kind(data: object) -> BuildKind | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                build_kind_type_0 = BuildKind(data)

                return build_kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BuildKind | None | Unset, data)

        build_kind = _parse_build_kind(d.pop("build_kind", UNSET))

        def _parse_city_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        city_id = _parse_city_id(d.pop("city_id", UNSET))

        def _parse_general_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        general_id = _parse_general_id(d.pop("general_id", UNSET))

        def _parse_path(data: object) -> list[list[int]] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                path_type_0 = []
                _path_type_0 = data
                for path_type_0_item_data in _path_type_0:
                    path_type_0_item = cast(list[int], path_type_0_item_data)

                    path_type_0.append(path_type_0_item)

                return path_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[int]] | None | Unset, data)

        path = _parse_path(d.pop("path", UNSET))

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

        order_read = cls(
            cost=cost,
            id=id,
            kind=kind,
            total_cost=total_cost,
            turn=turn,
            army_id=army_id,
            build_kind=build_kind,
            city_id=city_id,
            general_id=general_id,
            path=path,
            q=q,
            r=r,
        )

        order_read.additional_properties = d
        return order_read

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
