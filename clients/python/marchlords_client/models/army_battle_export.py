from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.army_battle_export_result import ArmyBattleExportResult
from ..models.army_battle_export_side import ArmyBattleExportSide
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.army_casualty_export import ArmyCasualtyExport
    from ..models.unit_loss_export import UnitLossExport


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
        list_losses (list[UnitLossExport] | Unset): The models each unit of that list lost by them: what a rollback of
            the confirmation takes back (R-TURN-6).
        list_uploaded_at (datetime.datetime | None | Unset): The list its casualties went onto, by its upload time
            (null: none did).
    """

    army_id: int
    battle_id: int
    casualties: list[ArmyCasualtyExport]
    losses_pct: int
    opponents: list[int]
    result: ArmyBattleExportResult
    side: ArmyBattleExportSide
    turn: int
    list_losses: list[UnitLossExport] | Unset = UNSET
    list_uploaded_at: datetime.datetime | None | Unset = UNSET

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

        list_losses: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.list_losses, Unset):
            list_losses = []
            for list_losses_item_data in self.list_losses:
                list_losses_item = list_losses_item_data.to_dict()
                list_losses.append(list_losses_item)

        list_uploaded_at: None | str | Unset
        if isinstance(self.list_uploaded_at, Unset):
            list_uploaded_at = UNSET
        elif isinstance(self.list_uploaded_at, datetime.datetime):
            list_uploaded_at = self.list_uploaded_at.isoformat()
        else:
            list_uploaded_at = self.list_uploaded_at

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
        if list_losses is not UNSET:
            field_dict["list_losses"] = list_losses
        if list_uploaded_at is not UNSET:
            field_dict["list_uploaded_at"] = list_uploaded_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.army_casualty_export import ArmyCasualtyExport  # noqa: PLC0415
        from ..models.unit_loss_export import UnitLossExport  # noqa: PLC0415

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

        _list_losses = d.pop("list_losses", UNSET)
        list_losses: list[UnitLossExport] | Unset = UNSET
        if _list_losses is not UNSET:
            list_losses = []
            for list_losses_item_data in _list_losses:
                list_losses_item = UnitLossExport.from_dict(list_losses_item_data)

                list_losses.append(list_losses_item)

        def _parse_list_uploaded_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                list_uploaded_at_type_0 = datetime.datetime.fromisoformat(data)

                return list_uploaded_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        list_uploaded_at = _parse_list_uploaded_at(d.pop("list_uploaded_at", UNSET))

        army_battle_export = cls(
            army_id=army_id,
            battle_id=battle_id,
            casualties=casualties,
            losses_pct=losses_pct,
            opponents=opponents,
            result=result,
            side=side,
            turn=turn,
            list_losses=list_losses,
            list_uploaded_at=list_uploaded_at,
        )

        return army_battle_export
