from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="VacationPayload")


@_attrs_define
class VacationPayload:
    """
    Attributes:
        days_used (int):
        deadline_at (None | str):
        player (int):
        until (None | str):
    """

    days_used: int
    deadline_at: None | str
    player: int
    until: None | str

    def to_dict(self) -> dict[str, Any]:
        days_used = self.days_used

        deadline_at: None | str
        deadline_at = self.deadline_at

        player = self.player

        until: None | str
        until = self.until

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "days_used": days_used,
                "deadline_at": deadline_at,
                "player": player,
                "until": until,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        days_used = d.pop("days_used")

        def _parse_deadline_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deadline_at = _parse_deadline_at(d.pop("deadline_at"))

        player = d.pop("player")

        def _parse_until(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        until = _parse_until(d.pop("until"))

        vacation_payload = cls(
            days_used=days_used,
            deadline_at=deadline_at,
            player=player,
            until=until,
        )

        return vacation_payload
