from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.treaty_kind import TreatyKind

T = TypeVar("T", bound="TreatyBrokenPayload")


@_attrs_define
class TreatyBrokenPayload:
    """
    Attributes:
        by (int):
        ends_turn (int | None):
        kind (TreatyKind):
        treaty_id (int):
        was_in_force (bool):
    """

    by: int
    ends_turn: int | None
    kind: TreatyKind
    treaty_id: int
    was_in_force: bool

    def to_dict(self) -> dict[str, Any]:
        by = self.by

        ends_turn: int | None
        ends_turn = self.ends_turn

        kind = self.kind.value

        treaty_id = self.treaty_id

        was_in_force = self.was_in_force

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "by": by,
                "ends_turn": ends_turn,
                "kind": kind,
                "treaty_id": treaty_id,
                "was_in_force": was_in_force,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        by = d.pop("by")

        def _parse_ends_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ends_turn = _parse_ends_turn(d.pop("ends_turn"))

        kind = TreatyKind(d.pop("kind"))

        treaty_id = d.pop("treaty_id")

        was_in_force = d.pop("was_in_force")

        treaty_broken_payload = cls(
            by=by,
            ends_turn=ends_turn,
            kind=kind,
            treaty_id=treaty_id,
            was_in_force=was_in_force,
        )

        return treaty_broken_payload
