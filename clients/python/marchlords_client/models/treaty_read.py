from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.treaty_kind import TreatyKind
from ..models.treaty_status import TreatyStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="TreatyRead")


@_attrs_define
class TreatyRead:
    """A treaty you are party to. Vassalage: `a` is the vassal, `b` the overlord.

    Attributes:
        a (int):
        a_name (str):
        b (int):
        b_name (str):
        ends_turn (int | None): Set when broken: it no longer binds that turn.
        id (int):
        kind (TreatyKind):
        since_turn (int): First turn it binds (R-DIP-3).
        status (TreatyStatus):
        city_a (int | None | Unset): Trade: the city of `a`.
        city_b (int | None | Unset): Trade: the city of `b`.
    """

    a: int
    a_name: str
    b: int
    b_name: str
    ends_turn: int | None
    id: int
    kind: TreatyKind
    since_turn: int
    status: TreatyStatus
    city_a: int | None | Unset = UNSET
    city_b: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        a = self.a

        a_name = self.a_name

        b = self.b

        b_name = self.b_name

        ends_turn: int | None
        ends_turn = self.ends_turn

        id = self.id

        kind = self.kind.value

        since_turn = self.since_turn

        status = self.status.value

        city_a: int | None | Unset
        if isinstance(self.city_a, Unset):
            city_a = UNSET
        else:
            city_a = self.city_a

        city_b: int | None | Unset
        if isinstance(self.city_b, Unset):
            city_b = UNSET
        else:
            city_b = self.city_b

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "a": a,
                "a_name": a_name,
                "b": b,
                "b_name": b_name,
                "ends_turn": ends_turn,
                "id": id,
                "kind": kind,
                "since_turn": since_turn,
                "status": status,
            }
        )
        if city_a is not UNSET:
            field_dict["city_a"] = city_a
        if city_b is not UNSET:
            field_dict["city_b"] = city_b

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        a = d.pop("a")

        a_name = d.pop("a_name")

        b = d.pop("b")

        b_name = d.pop("b_name")

        def _parse_ends_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ends_turn = _parse_ends_turn(d.pop("ends_turn"))

        id = d.pop("id")

        kind = TreatyKind(d.pop("kind"))

        since_turn = d.pop("since_turn")

        status = TreatyStatus(d.pop("status"))

        def _parse_city_a(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        city_a = _parse_city_a(d.pop("city_a", UNSET))

        def _parse_city_b(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        city_b = _parse_city_b(d.pop("city_b", UNSET))

        treaty_read = cls(
            a=a,
            a_name=a_name,
            b=b,
            b_name=b_name,
            ends_turn=ends_turn,
            id=id,
            kind=kind,
            since_turn=since_turn,
            status=status,
            city_a=city_a,
            city_b=city_b,
        )

        treaty_read.additional_properties = d
        return treaty_read

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
