from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LobbyOptions")


@_attrs_define
class LobbyOptions:
    """The options a player chooses a campaign by (R-OPT).

    Attributes:
        anonymity (bool):
        auto_resolve (bool):
        concealment (bool):
        cover (bool):
        deadline_auto_change (bool):
        seasons (bool):
        storms (bool):
        turn_limit (int | None):
        vacation_days (int):
    """

    anonymity: bool
    auto_resolve: bool
    concealment: bool
    cover: bool
    deadline_auto_change: bool
    seasons: bool
    storms: bool
    turn_limit: int | None
    vacation_days: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        anonymity = self.anonymity

        auto_resolve = self.auto_resolve

        concealment = self.concealment

        cover = self.cover

        deadline_auto_change = self.deadline_auto_change

        seasons = self.seasons

        storms = self.storms

        turn_limit: int | None
        turn_limit = self.turn_limit

        vacation_days = self.vacation_days

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "anonymity": anonymity,
                "auto_resolve": auto_resolve,
                "concealment": concealment,
                "cover": cover,
                "deadline_auto_change": deadline_auto_change,
                "seasons": seasons,
                "storms": storms,
                "turn_limit": turn_limit,
                "vacation_days": vacation_days,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        anonymity = d.pop("anonymity")

        auto_resolve = d.pop("auto_resolve")

        concealment = d.pop("concealment")

        cover = d.pop("cover")

        deadline_auto_change = d.pop("deadline_auto_change")

        seasons = d.pop("seasons")

        storms = d.pop("storms")

        def _parse_turn_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn_limit = _parse_turn_limit(d.pop("turn_limit"))

        vacation_days = d.pop("vacation_days")

        lobby_options = cls(
            anonymity=anonymity,
            auto_resolve=auto_resolve,
            concealment=concealment,
            cover=cover,
            deadline_auto_change=deadline_auto_change,
            seasons=seasons,
            storms=storms,
            turn_limit=turn_limit,
            vacation_days=vacation_days,
        )

        lobby_options.additional_properties = d
        return lobby_options

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
