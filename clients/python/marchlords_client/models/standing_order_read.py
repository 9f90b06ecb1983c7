from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.standing_kind import StandingKind
from ..types import UNSET, Unset

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
        radius (int | None | Unset):
        to_q (int | None | Unset):
        to_r (int | None | Unset):
    """

    army_id: int | None
    id: int
    kind: StandingKind
    q: int | None
    r: int | None
    radius: int | None | Unset = UNSET
    to_q: int | None | Unset = UNSET
    to_r: int | None | Unset = UNSET
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

        standing_order_read = cls(
            army_id=army_id,
            id=id,
            kind=kind,
            q=q,
            r=r,
            radius=radius,
            to_q=to_q,
            to_r=to_r,
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
