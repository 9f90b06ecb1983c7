from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.pending_build import PendingBuild
    from ..models.pending_move_order import PendingMoveOrder
    from ..models.pending_raise import PendingRaise
    from ..models.pending_recruit import PendingRecruit
    from ..models.pending_upgrade import PendingUpgrade


T = TypeVar("T", bound="PendingOrders")


@_attrs_define
class PendingOrders:
    """Your orders of the current turn.

    Attributes:
        builds (list[PendingBuild]):
        faction_action (bool):
        moves (list[PendingMoveOrder]):
        raises (list[PendingRaise]):
        recruits (list[PendingRecruit]):
        upgrades (list[PendingUpgrade]):
    """

    builds: list[PendingBuild]
    faction_action: bool
    moves: list[PendingMoveOrder]
    raises: list[PendingRaise]
    recruits: list[PendingRecruit]
    upgrades: list[PendingUpgrade]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        builds = []
        for builds_item_data in self.builds:
            builds_item = builds_item_data.to_dict()
            builds.append(builds_item)

        faction_action = self.faction_action

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        raises = []
        for raises_item_data in self.raises:
            raises_item = raises_item_data.to_dict()
            raises.append(raises_item)

        recruits = []
        for recruits_item_data in self.recruits:
            recruits_item = recruits_item_data.to_dict()
            recruits.append(recruits_item)

        upgrades = []
        for upgrades_item_data in self.upgrades:
            upgrades_item = upgrades_item_data.to_dict()
            upgrades.append(upgrades_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "builds": builds,
                "faction_action": faction_action,
                "moves": moves,
                "raises": raises,
                "recruits": recruits,
                "upgrades": upgrades,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pending_build import PendingBuild  # noqa: PLC0415
        from ..models.pending_move_order import PendingMoveOrder  # noqa: PLC0415
        from ..models.pending_raise import PendingRaise  # noqa: PLC0415
        from ..models.pending_recruit import PendingRecruit  # noqa: PLC0415
        from ..models.pending_upgrade import PendingUpgrade  # noqa: PLC0415

        d = dict(src_dict)
        builds = []
        _builds = d.pop("builds")
        for builds_item_data in _builds:
            builds_item = PendingBuild.from_dict(builds_item_data)

            builds.append(builds_item)

        faction_action = d.pop("faction_action")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = PendingMoveOrder.from_dict(moves_item_data)

            moves.append(moves_item)

        raises = []
        _raises = d.pop("raises")
        for raises_item_data in _raises:
            raises_item = PendingRaise.from_dict(raises_item_data)

            raises.append(raises_item)

        recruits = []
        _recruits = d.pop("recruits")
        for recruits_item_data in _recruits:
            recruits_item = PendingRecruit.from_dict(recruits_item_data)

            recruits.append(recruits_item)

        upgrades = []
        _upgrades = d.pop("upgrades")
        for upgrades_item_data in _upgrades:
            upgrades_item = PendingUpgrade.from_dict(upgrades_item_data)

            upgrades.append(upgrades_item)

        pending_orders = cls(
            builds=builds,
            faction_action=faction_action,
            moves=moves,
            raises=raises,
            recruits=recruits,
            upgrades=upgrades,
        )

        pending_orders.additional_properties = d
        return pending_orders

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
