from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.difficulty import Difficulty
from ..models.personality import Personality
from ..types import UNSET, Unset

T = TypeVar("T", bound="BotSet")


@_attrs_define
class BotSet:
    """Put a bot on a seat, or change the one there (R-BOT-1).

    Attributes:
        difficulty (Difficulty):
        personality (Personality):
        faction (None | str | Unset): In the lobby, the faction of a new seat for the bot (required then, R-CAMP-2);
            refused once the campaign runs.
        slot (int | None | Unset): In the lobby, the start slot of a new seat for the bot (required then).
    """

    difficulty: Difficulty
    personality: Personality
    faction: None | str | Unset = UNSET
    slot: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        difficulty = self.difficulty.value

        personality = self.personality.value

        faction: None | str | Unset
        if isinstance(self.faction, Unset):
            faction = UNSET
        else:
            faction = self.faction

        slot: int | None | Unset
        if isinstance(self.slot, Unset):
            slot = UNSET
        else:
            slot = self.slot

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "difficulty": difficulty,
                "personality": personality,
            }
        )
        if faction is not UNSET:
            field_dict["faction"] = faction
        if slot is not UNSET:
            field_dict["slot"] = slot

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        difficulty = Difficulty(d.pop("difficulty"))

        personality = Personality(d.pop("personality"))

        def _parse_faction(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        faction = _parse_faction(d.pop("faction", UNSET))

        def _parse_slot(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        slot = _parse_slot(d.pop("slot", UNSET))

        bot_set = cls(
            difficulty=difficulty,
            personality=personality,
            faction=faction,
            slot=slot,
        )

        return bot_set
