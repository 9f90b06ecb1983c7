from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ArmyWithdrewData")


@_attrs_define
class ArmyWithdrewData:
    """
    Attributes:
        army_id (int):
        from_ (list[int]): `[q, r]`.
        to (list[int]): `[q, r]`.
    """

    army_id: int
    from_: list[int]
    to: list[int]

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        from_ = self.from_

        to = self.to

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "from": from_,
                "to": to,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        army_id = d.pop("army_id")

        from_ = cast(list[int], d.pop("from"))

        to = cast(list[int], d.pop("to"))

        army_withdrew_data = cls(
            army_id=army_id,
            from_=from_,
            to=to,
        )

        return army_withdrew_data
