from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.battle_counts import BattleCounts
    from ..models.turn_counts import TurnCounts


T = TypeVar("T", bound="ReliabilityRead")


@_attrs_define
class ReliabilityRead:
    """How a user has played, over their finished and running campaigns (R-CAMP-14): counts
    only, so nothing tells which campaigns (anonymity, R-CAMP-5, stays whole).

        Attributes:
            battles (BattleCounts): Battles with an agreed play-by date (R-BAT-8), confirmed by it or after it.
            campaigns (int): Campaigns in which the user's seat saw a turn change.
            turns (TurnCounts): Turns of the user's seats, by how they went (R-CAMP-14).
    """

    battles: BattleCounts
    campaigns: int
    turns: TurnCounts
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        battles = self.battles.to_dict()

        campaigns = self.campaigns

        turns = self.turns.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "battles": battles,
                "campaigns": campaigns,
                "turns": turns,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.battle_counts import BattleCounts  # noqa: PLC0415
        from ..models.turn_counts import TurnCounts  # noqa: PLC0415

        d = dict(src_dict)
        battles = BattleCounts.from_dict(d.pop("battles"))

        campaigns = d.pop("campaigns")

        turns = TurnCounts.from_dict(d.pop("turns"))

        reliability_read = cls(
            battles=battles,
            campaigns=campaigns,
            turns=turns,
        )

        reliability_read.additional_properties = d
        return reliability_read

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
