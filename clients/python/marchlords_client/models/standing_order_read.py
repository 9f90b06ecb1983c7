from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.standing_kind import StandingKind

T = TypeVar("T", bound="StandingOrderRead")


@_attrs_define
class StandingOrderRead:
    """
    Attributes:
        army_id (int | None):
        id (int):
        kind (StandingKind):
        q (int | None):
        r (int | None):
    """

    army_id: int | None
    id: int
    kind: StandingKind
    q: int | None
    r: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        army_id: int | None
        army_id = self.army_id

        id = self.id

        kind = self.kind.value

        q: int | None
        q = self.q

        r: int | None
        r = self.r

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "army_id": army_id,
                "id": id,
                "kind": kind,
                "q": q,
                "r": r,
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

        id = d.pop("id")

        kind = StandingKind(d.pop("kind"))

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

        standing_order_read = cls(
            army_id=army_id,
            id=id,
            kind=kind,
            q=q,
            r=r,
        )

        standing_order_read.additional_properties = d
        return standing_order_read

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
