from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.army_battle_export_result import ArmyBattleExportResult
from ..models.army_battle_export_side import ArmyBattleExportSide

if TYPE_CHECKING:
    from ..models.army_casualty_export import ArmyCasualtyExport


T = TypeVar("T", bound="ArmyBattleExport")


@_attrs_define
class ArmyBattleExport:
    """A battle of an army's veteran history (R-ARMY-7).

    Attributes:
        army_id (int):
        battle_id (int):
        casualties (list[ArmyCasualtyExport]):
        losses_pct (int):
        opponents (list[int]):
        result (ArmyBattleExportResult):
        side (ArmyBattleExportSide):
        turn (int):
    """

    army_id: int
    battle_id: int
    casualties: list[ArmyCasualtyExport]
    losses_pct: int
    opponents: list[int]
    result: ArmyBattleExportResult
    side: ArmyBattleExportSide
    turn: int

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        battle_id = self.battle_id

        casualties = []
        for casualties_item_data in self.casualties:
            casualties_item = casualties_item_data.to_dict()
            casualties.append(casualties_item)

        losses_pct = self.losses_pct

        opponents = self.opponents

        result = self.result.value

        side = self.side.value

        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
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
        from ..models.army_casualty_export import ArmyCasualtyExport  # noqa: PLC0415

        d = dict(src_dict)
        army_id = d.pop("army_id")

        battle_id = d.pop("battle_id")

        casualties = []
        _casualties = d.pop("casualties")
        for casualties_item_data in _casualties:
            casualties_item = ArmyCasualtyExport.from_dict(casualties_item_data)

            casualties.append(casualties_item)

        losses_pct = d.pop("losses_pct")

        opponents = cast(list[int], d.pop("opponents"))

        result = ArmyBattleExportResult(d.pop("result"))

        side = ArmyBattleExportSide(d.pop("side"))

        turn = d.pop("turn")

        army_battle_export = cls(
            army_id=army_id,
            battle_id=battle_id,
            casualties=casualties,
            losses_pct=losses_pct,
            opponents=opponents,
            result=result,
            side=side,
            turn=turn,
        )

        return army_battle_export
