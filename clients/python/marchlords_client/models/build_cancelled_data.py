from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.build_kind import BuildKind

T = TypeVar("T", bound="BuildCancelledData")


@_attrs_define
class BuildCancelledData:
    """
    Attributes:
        build_id (int):
        coord (list[int]): `[q, r]`.
        kind (BuildKind):
        reason (str):
        refund (int):
    """

    build_id: int
    coord: list[int]
    kind: BuildKind
    reason: str
    refund: int

    def to_dict(self) -> dict[str, Any]:
        build_id = self.build_id

        coord = self.coord

        kind = self.kind.value

        reason = self.reason

        refund = self.refund

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "build_id": build_id,
                "coord": coord,
                "kind": kind,
                "reason": reason,
                "refund": refund,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        build_id = d.pop("build_id")

        coord = cast(list[int], d.pop("coord"))

        kind = BuildKind(d.pop("kind"))

        reason = d.pop("reason")

        refund = d.pop("refund")

        build_cancelled_data = cls(
            build_id=build_id,
            coord=coord,
            kind=kind,
            reason=reason,
            refund=refund,
        )

        return build_cancelled_data
