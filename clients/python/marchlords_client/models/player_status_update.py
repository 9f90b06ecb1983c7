from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayerStatusUpdate")


@_attrs_define
class PlayerStatusUpdate:
    """Mark a player inactive (always ready; the owner handles their battles) or active.

    Attributes:
        inactive (bool):
    """

    inactive: bool

    def to_dict(self) -> dict[str, Any]:
        inactive = self.inactive

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "inactive": inactive,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        inactive = d.pop("inactive")

        player_status_update = cls(
            inactive=inactive,
        )

        return player_status_update
