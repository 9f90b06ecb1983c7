from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.army_battle_export import ArmyBattleExport
    from ..models.fielded_roster_export import FieldedRosterExport
    from ..models.roster_export import RosterExport


T = TypeVar("T", bound="RostersExport")


@_attrs_define
class RostersExport:
    """The army lists (issue 30): each army's, those fielded in battles, the armies' battles.

    Attributes:
        battles (list[ArmyBattleExport]):
        fielded (list[FieldedRosterExport]):
        lists (list[RosterExport]):
    """

    battles: list[ArmyBattleExport]
    fielded: list[FieldedRosterExport]
    lists: list[RosterExport]

    def to_dict(self) -> dict[str, Any]:
        battles = []
        for battles_item_data in self.battles:
            battles_item = battles_item_data.to_dict()
            battles.append(battles_item)

        fielded = []
        for fielded_item_data in self.fielded:
            fielded_item = fielded_item_data.to_dict()
            fielded.append(fielded_item)

        lists = []
        for lists_item_data in self.lists:
            lists_item = lists_item_data.to_dict()
            lists.append(lists_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "battles": battles,
                "fielded": fielded,
                "lists": lists,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.army_battle_export import ArmyBattleExport  # noqa: PLC0415
        from ..models.fielded_roster_export import FieldedRosterExport  # noqa: PLC0415
        from ..models.roster_export import RosterExport  # noqa: PLC0415

        d = dict(src_dict)
        battles = []
        _battles = d.pop("battles")
        for battles_item_data in _battles:
            battles_item = ArmyBattleExport.from_dict(battles_item_data)

            battles.append(battles_item)

        fielded = []
        _fielded = d.pop("fielded")
        for fielded_item_data in _fielded:
            fielded_item = FieldedRosterExport.from_dict(fielded_item_data)

            fielded.append(fielded_item)

        lists = []
        _lists = d.pop("lists")
        for lists_item_data in _lists:
            lists_item = RosterExport.from_dict(lists_item_data)

            lists.append(lists_item)

        rosters_export = cls(
            battles=battles,
            fielded=fielded,
            lists=lists,
        )

        return rosters_export
