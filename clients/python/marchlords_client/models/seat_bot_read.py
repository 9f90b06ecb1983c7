from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SeatBotRead")


@_attrs_define
class SeatBotRead:
    """A bot plays the seat (R-BOT): what it is, for the owner who chose it.

    Attributes:
        difficulty (None | str | Unset): `easy` or `normal` (R-BOT-1); null but for the owner.
        personality (None | str | Unset): `builder`, `raider` or `turtle` (R-BOT-5); null but for the owner.
    """

    difficulty: None | str | Unset = UNSET
    personality: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        difficulty: None | str | Unset
        if isinstance(self.difficulty, Unset):
            difficulty = UNSET
        else:
            difficulty = self.difficulty

        personality: None | str | Unset
        if isinstance(self.personality, Unset):
            personality = UNSET
        else:
            personality = self.personality

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if difficulty is not UNSET:
            field_dict["difficulty"] = difficulty
        if personality is not UNSET:
            field_dict["personality"] = personality

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_difficulty(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        difficulty = _parse_difficulty(d.pop("difficulty", UNSET))

        def _parse_personality(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        personality = _parse_personality(d.pop("personality", UNSET))

        seat_bot_read = cls(
            difficulty=difficulty,
            personality=personality,
        )

        seat_bot_read.additional_properties = d
        return seat_bot_read

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
