from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExportedTreatiesRow")


@_attrs_define
class ExportedTreatiesRow:
    """A `treaties` row.

    Attributes:
        a (int):
        b (int):
        city_a (int | None):
        city_b (int | None):
        ends_turn (int | None):
        id (int):
        kind (str):
        since_turn (int):
    """

    a: int
    b: int
    city_a: int | None
    city_b: int | None
    ends_turn: int | None
    id: int
    kind: str
    since_turn: int

    def to_dict(self) -> dict[str, Any]:
        a = self.a

        b = self.b

        city_a: int | None
        city_a = self.city_a

        city_b: int | None
        city_b = self.city_b

        ends_turn: int | None
        ends_turn = self.ends_turn

        id = self.id

        kind = self.kind

        since_turn = self.since_turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "a": a,
                "b": b,
                "city_a": city_a,
                "city_b": city_b,
                "ends_turn": ends_turn,
                "id": id,
                "kind": kind,
                "since_turn": since_turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        a = d.pop("a")

        b = d.pop("b")

        def _parse_city_a(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        city_a = _parse_city_a(d.pop("city_a"))

        def _parse_city_b(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        city_b = _parse_city_b(d.pop("city_b"))

        def _parse_ends_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ends_turn = _parse_ends_turn(d.pop("ends_turn"))

        id = d.pop("id")

        kind = d.pop("kind")

        since_turn = d.pop("since_turn")

        exported_treaties_row = cls(
            a=a,
            b=b,
            city_a=city_a,
            city_b=city_b,
            ends_turn=ends_turn,
            id=id,
            kind=kind,
            since_turn=since_turn,
        )

        return exported_treaties_row
