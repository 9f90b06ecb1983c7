from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.exported_armies_row import ExportedArmiesRow
    from ..models.exported_battles_row import ExportedBattlesRow
    from ..models.exported_edicts_row import ExportedEdictsRow
    from ..models.exported_generals_row import ExportedGeneralsRow
    from ..models.exported_pending_summary_events_row import ExportedPendingSummaryEventsRow
    from ..models.exported_ships_row import ExportedShipsRow
    from ..models.exported_sieges_row import ExportedSiegesRow
    from ..models.exported_stakes_row import ExportedStakesRow
    from ..models.exported_standing_orders_row import ExportedStandingOrdersRow
    from ..models.exported_structures_row import ExportedStructuresRow
    from ..models.exported_treaties_row import ExportedTreatiesRow


T = TypeVar("T", bound="ExportedWorld")


@_attrs_define
class ExportedWorld:
    """Every row of the campaign's world tables (whole rows, campaign id left out).

    Attributes:
        armies (list[ExportedArmiesRow] | Unset):
        battles (list[ExportedBattlesRow] | Unset):
        edicts (list[ExportedEdictsRow] | Unset):
        generals (list[ExportedGeneralsRow] | Unset):
        pending_summary_events (list[ExportedPendingSummaryEventsRow] | Unset):
        ships (list[ExportedShipsRow] | Unset):
        sieges (list[ExportedSiegesRow] | Unset):
        stakes (list[ExportedStakesRow] | Unset):
        standing_orders (list[ExportedStandingOrdersRow] | Unset):
        structures (list[ExportedStructuresRow] | Unset):
        treaties (list[ExportedTreatiesRow] | Unset):
    """

    armies: list[ExportedArmiesRow] | Unset = UNSET
    battles: list[ExportedBattlesRow] | Unset = UNSET
    edicts: list[ExportedEdictsRow] | Unset = UNSET
    generals: list[ExportedGeneralsRow] | Unset = UNSET
    pending_summary_events: list[ExportedPendingSummaryEventsRow] | Unset = UNSET
    ships: list[ExportedShipsRow] | Unset = UNSET
    sieges: list[ExportedSiegesRow] | Unset = UNSET
    stakes: list[ExportedStakesRow] | Unset = UNSET
    standing_orders: list[ExportedStandingOrdersRow] | Unset = UNSET
    structures: list[ExportedStructuresRow] | Unset = UNSET
    treaties: list[ExportedTreatiesRow] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        armies: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.armies, Unset):
            armies = []
            for armies_item_data in self.armies:
                armies_item = armies_item_data.to_dict()
                armies.append(armies_item)

        battles: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.battles, Unset):
            battles = []
            for battles_item_data in self.battles:
                battles_item = battles_item_data.to_dict()
                battles.append(battles_item)

        edicts: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.edicts, Unset):
            edicts = []
            for edicts_item_data in self.edicts:
                edicts_item = edicts_item_data.to_dict()
                edicts.append(edicts_item)

        generals: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.generals, Unset):
            generals = []
            for generals_item_data in self.generals:
                generals_item = generals_item_data.to_dict()
                generals.append(generals_item)

        pending_summary_events: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.pending_summary_events, Unset):
            pending_summary_events = []
            for pending_summary_events_item_data in self.pending_summary_events:
                pending_summary_events_item = pending_summary_events_item_data.to_dict()
                pending_summary_events.append(pending_summary_events_item)

        ships: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.ships, Unset):
            ships = []
            for ships_item_data in self.ships:
                ships_item = ships_item_data.to_dict()
                ships.append(ships_item)

        sieges: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.sieges, Unset):
            sieges = []
            for sieges_item_data in self.sieges:
                sieges_item = sieges_item_data.to_dict()
                sieges.append(sieges_item)

        stakes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.stakes, Unset):
            stakes = []
            for stakes_item_data in self.stakes:
                stakes_item = stakes_item_data.to_dict()
                stakes.append(stakes_item)

        standing_orders: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.standing_orders, Unset):
            standing_orders = []
            for standing_orders_item_data in self.standing_orders:
                standing_orders_item = standing_orders_item_data.to_dict()
                standing_orders.append(standing_orders_item)

        structures: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.structures, Unset):
            structures = []
            for structures_item_data in self.structures:
                structures_item = structures_item_data.to_dict()
                structures.append(structures_item)

        treaties: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.treaties, Unset):
            treaties = []
            for treaties_item_data in self.treaties:
                treaties_item = treaties_item_data.to_dict()
                treaties.append(treaties_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if armies is not UNSET:
            field_dict["armies"] = armies
        if battles is not UNSET:
            field_dict["battles"] = battles
        if edicts is not UNSET:
            field_dict["edicts"] = edicts
        if generals is not UNSET:
            field_dict["generals"] = generals
        if pending_summary_events is not UNSET:
            field_dict["pending_summary_events"] = pending_summary_events
        if ships is not UNSET:
            field_dict["ships"] = ships
        if sieges is not UNSET:
            field_dict["sieges"] = sieges
        if stakes is not UNSET:
            field_dict["stakes"] = stakes
        if standing_orders is not UNSET:
            field_dict["standing_orders"] = standing_orders
        if structures is not UNSET:
            field_dict["structures"] = structures
        if treaties is not UNSET:
            field_dict["treaties"] = treaties

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.exported_armies_row import ExportedArmiesRow  # noqa: PLC0415
        from ..models.exported_battles_row import ExportedBattlesRow  # noqa: PLC0415
        from ..models.exported_edicts_row import ExportedEdictsRow  # noqa: PLC0415
        from ..models.exported_generals_row import ExportedGeneralsRow  # noqa: PLC0415
        from ..models.exported_pending_summary_events_row import ExportedPendingSummaryEventsRow  # noqa: PLC0415
        from ..models.exported_ships_row import ExportedShipsRow  # noqa: PLC0415
        from ..models.exported_sieges_row import ExportedSiegesRow  # noqa: PLC0415
        from ..models.exported_stakes_row import ExportedStakesRow  # noqa: PLC0415
        from ..models.exported_standing_orders_row import ExportedStandingOrdersRow  # noqa: PLC0415
        from ..models.exported_structures_row import ExportedStructuresRow  # noqa: PLC0415
        from ..models.exported_treaties_row import ExportedTreatiesRow  # noqa: PLC0415

        d = dict(src_dict)
        _armies = d.pop("armies", UNSET)
        armies: list[ExportedArmiesRow] | Unset = UNSET
        if _armies is not UNSET:
            armies = []
            for armies_item_data in _armies:
                armies_item = ExportedArmiesRow.from_dict(armies_item_data)

                armies.append(armies_item)

        _battles = d.pop("battles", UNSET)
        battles: list[ExportedBattlesRow] | Unset = UNSET
        if _battles is not UNSET:
            battles = []
            for battles_item_data in _battles:
                battles_item = ExportedBattlesRow.from_dict(battles_item_data)

                battles.append(battles_item)

        _edicts = d.pop("edicts", UNSET)
        edicts: list[ExportedEdictsRow] | Unset = UNSET
        if _edicts is not UNSET:
            edicts = []
            for edicts_item_data in _edicts:
                edicts_item = ExportedEdictsRow.from_dict(edicts_item_data)

                edicts.append(edicts_item)

        _generals = d.pop("generals", UNSET)
        generals: list[ExportedGeneralsRow] | Unset = UNSET
        if _generals is not UNSET:
            generals = []
            for generals_item_data in _generals:
                generals_item = ExportedGeneralsRow.from_dict(generals_item_data)

                generals.append(generals_item)

        _pending_summary_events = d.pop("pending_summary_events", UNSET)
        pending_summary_events: list[ExportedPendingSummaryEventsRow] | Unset = UNSET
        if _pending_summary_events is not UNSET:
            pending_summary_events = []
            for pending_summary_events_item_data in _pending_summary_events:
                pending_summary_events_item = ExportedPendingSummaryEventsRow.from_dict(
                    pending_summary_events_item_data
                )

                pending_summary_events.append(pending_summary_events_item)

        _ships = d.pop("ships", UNSET)
        ships: list[ExportedShipsRow] | Unset = UNSET
        if _ships is not UNSET:
            ships = []
            for ships_item_data in _ships:
                ships_item = ExportedShipsRow.from_dict(ships_item_data)

                ships.append(ships_item)

        _sieges = d.pop("sieges", UNSET)
        sieges: list[ExportedSiegesRow] | Unset = UNSET
        if _sieges is not UNSET:
            sieges = []
            for sieges_item_data in _sieges:
                sieges_item = ExportedSiegesRow.from_dict(sieges_item_data)

                sieges.append(sieges_item)

        _stakes = d.pop("stakes", UNSET)
        stakes: list[ExportedStakesRow] | Unset = UNSET
        if _stakes is not UNSET:
            stakes = []
            for stakes_item_data in _stakes:
                stakes_item = ExportedStakesRow.from_dict(stakes_item_data)

                stakes.append(stakes_item)

        _standing_orders = d.pop("standing_orders", UNSET)
        standing_orders: list[ExportedStandingOrdersRow] | Unset = UNSET
        if _standing_orders is not UNSET:
            standing_orders = []
            for standing_orders_item_data in _standing_orders:
                standing_orders_item = ExportedStandingOrdersRow.from_dict(standing_orders_item_data)

                standing_orders.append(standing_orders_item)

        _structures = d.pop("structures", UNSET)
        structures: list[ExportedStructuresRow] | Unset = UNSET
        if _structures is not UNSET:
            structures = []
            for structures_item_data in _structures:
                structures_item = ExportedStructuresRow.from_dict(structures_item_data)

                structures.append(structures_item)

        _treaties = d.pop("treaties", UNSET)
        treaties: list[ExportedTreatiesRow] | Unset = UNSET
        if _treaties is not UNSET:
            treaties = []
            for treaties_item_data in _treaties:
                treaties_item = ExportedTreatiesRow.from_dict(treaties_item_data)

                treaties.append(treaties_item)

        exported_world = cls(
            armies=armies,
            battles=battles,
            edicts=edicts,
            generals=generals,
            pending_summary_events=pending_summary_events,
            ships=ships,
            sieges=sieges,
            stakes=stakes,
            standing_orders=standing_orders,
            structures=structures,
            treaties=treaties,
        )

        return exported_world
