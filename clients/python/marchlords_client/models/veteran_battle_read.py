from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.veteran_battle_read_result import VeteranBattleReadResult
from ..models.veteran_battle_read_side import VeteranBattleReadSide

if TYPE_CHECKING:
    from ..models.veteran_casualty import VeteranCasualty
    from ..models.veteran_opponent import VeteranOpponent


T = TypeVar("T", bound="VeteranBattleRead")


@_attrs_define
class VeteranBattleRead:
    """One battle the army fought to a confirmed result (R-ARMY-7).

    Attributes:
        battle_id (int):
        casualties (list[VeteranCasualty]): What its list lost, unit by unit (empty: no list, or no casualties).
        losses_pct (int): Its side's losses as reported (R-BAT-6).
        opponents (list[VeteranOpponent]): The other side's players.
        result (VeteranBattleReadResult): The army's side's result.
        side (VeteranBattleReadSide):
        turn (int): The turn whose change declared the battle.
    """

    battle_id: int
    casualties: list[VeteranCasualty]
    losses_pct: int
    opponents: list[VeteranOpponent]
    result: VeteranBattleReadResult
    side: VeteranBattleReadSide
    turn: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        battle_id = self.battle_id

        casualties = []
        for casualties_item_data in self.casualties:
            casualties_item = casualties_item_data.to_dict()
            casualties.append(casualties_item)

        losses_pct = self.losses_pct

        opponents = []
        for opponents_item_data in self.opponents:
            opponents_item = opponents_item_data.to_dict()
            opponents.append(opponents_item)

        result = self.result.value

        side = self.side.value

        turn = self.turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "battle_id": battle_id,
                "casualties": casualties,
                "losses_pct": losses_pct,
                "opponents": opponents,
                "result": result,
                "side": side,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.veteran_casualty import VeteranCasualty  # noqa: PLC0415
        from ..models.veteran_opponent import VeteranOpponent  # noqa: PLC0415

        d = dict(src_dict)
        battle_id = d.pop("battle_id")

        casualties = []
        _casualties = d.pop("casualties")
        for casualties_item_data in _casualties:
            casualties_item = VeteranCasualty.from_dict(casualties_item_data)

            casualties.append(casualties_item)

        losses_pct = d.pop("losses_pct")

        opponents = []
        _opponents = d.pop("opponents")
        for opponents_item_data in _opponents:
            opponents_item = VeteranOpponent.from_dict(opponents_item_data)

            opponents.append(opponents_item)

        result = VeteranBattleReadResult(d.pop("result"))

        side = VeteranBattleReadSide(d.pop("side"))

        turn = d.pop("turn")

        veteran_battle_read = cls(
            battle_id=battle_id,
            casualties=casualties,
            losses_pct=losses_pct,
            opponents=opponents,
            result=result,
            side=side,
            turn=turn,
        )

        veteran_battle_read.additional_properties = d
        return veteran_battle_read

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
