from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ReadyPlayer")


@_attrs_define
class ReadyPlayer:
    """
    Attributes:
        inactive (bool):
        name (str):
        number (int):
        ready (bool):
        bot (bool | Unset): R-BOT-4: a bot plays it; always ready. Default: False.
        civil_disorder (bool | Unset): R-CAMP-10: counted as ready until its holder acts again. Default: False.
    """

    inactive: bool
    name: str
    number: int
    ready: bool
    bot: bool | Unset = False
    civil_disorder: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        inactive = self.inactive

        name = self.name

        number = self.number

        ready = self.ready

        bot = self.bot

        civil_disorder = self.civil_disorder

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "inactive": inactive,
                "name": name,
                "number": number,
                "ready": ready,
            }
        )
        if bot is not UNSET:
            field_dict["bot"] = bot
        if civil_disorder is not UNSET:
            field_dict["civil_disorder"] = civil_disorder

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        inactive = d.pop("inactive")

        name = d.pop("name")

        number = d.pop("number")

        ready = d.pop("ready")

        bot = d.pop("bot", UNSET)

        civil_disorder = d.pop("civil_disorder", UNSET)

        ready_player = cls(
            inactive=inactive,
            name=name,
            number=number,
            ready=ready,
            bot=bot,
            civil_disorder=civil_disorder,
        )

        ready_player.additional_properties = d
        return ready_player

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
