from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.treaty_kind import TreatyKind

T = TypeVar("T", bound="TreatyData")


@_attrs_define
class TreatyData:
    """
    Attributes:
        kind (TreatyKind):
        treaty_id (int):
    """

    kind: TreatyKind
    treaty_id: int

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        treaty_id = self.treaty_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "treaty_id": treaty_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = TreatyKind(d.pop("kind"))

        treaty_id = d.pop("treaty_id")

        treaty_data = cls(
            kind=kind,
            treaty_id=treaty_id,
        )

        return treaty_data
