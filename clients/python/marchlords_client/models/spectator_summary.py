from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.army_advanced_summary_event import ArmyAdvancedSummaryEvent
    from ..models.army_destroyed_summary_event import ArmyDestroyedSummaryEvent
    from ..models.army_moved_summary_event import ArmyMovedSummaryEvent
    from ..models.army_raised_summary_event import ArmyRaisedSummaryEvent
    from ..models.army_retreated_summary_event import ArmyRetreatedSummaryEvent
    from ..models.army_seat_lost_summary_event import ArmySeatLostSummaryEvent
    from ..models.army_tier_lost_summary_event import ArmyTierLostSummaryEvent
    from ..models.army_upgraded_summary_event import ArmyUpgradedSummaryEvent
    from ..models.army_withdrew_summary_event import ArmyWithdrewSummaryEvent
    from ..models.battle_cancelled_summary_event import BattleCancelledSummaryEvent
    from ..models.battle_resolved_summary_event import BattleResolvedSummaryEvent
    from ..models.build_cancelled_summary_event import BuildCancelledSummaryEvent
    from ..models.capital_repulsed_summary_event import CapitalRepulsedSummaryEvent
    from ..models.city_besieged_summary_event import CityBesiegedSummaryEvent
    from ..models.city_founded_summary_event import CityFoundedSummaryEvent
    from ..models.city_level_lost_summary_event import CityLevelLostSummaryEvent
    from ..models.city_upgraded_summary_event import CityUpgradedSummaryEvent
    from ..models.disembarked_summary_event import DisembarkedSummaryEvent
    from ..models.edict_expired_summary_event import EdictExpiredSummaryEvent
    from ..models.embarked_summary_event import EmbarkedSummaryEvent
    from ..models.encounter_summary_event import EncounterSummaryEvent
    from ..models.explored_summary_event import ExploredSummaryEvent
    from ..models.general_captured_summary_event import GeneralCapturedSummaryEvent
    from ..models.general_freed_summary_event import GeneralFreedSummaryEvent
    from ..models.gold_summary_event import GoldSummaryEvent
    from ..models.halted_summary_event import HaltedSummaryEvent
    from ..models.insolvent_summary_event import InsolventSummaryEvent
    from ..models.outpost_built_summary_event import OutpostBuiltSummaryEvent
    from ..models.path_cut_summary_event import PathCutSummaryEvent
    from ..models.pillage_won_summary_event import PillageWonSummaryEvent
    from ..models.port_built_summary_event import PortBuiltSummaryEvent
    from ..models.raise_cancelled_summary_event import RaiseCancelledSummaryEvent
    from ..models.ship_destroyed_summary_event import ShipDestroyedSummaryEvent
    from ..models.siege_continues_summary_event import SiegeContinuesSummaryEvent
    from ..models.siege_lifted_summary_event import SiegeLiftedSummaryEvent
    from ..models.stake_taken_summary_event import StakeTakenSummaryEvent
    from ..models.stake_won_summary_event import StakeWonSummaryEvent
    from ..models.standing_order_summary_event import StandingOrderSummaryEvent
    from ..models.storm_rose_summary_event import StormRoseSummaryEvent
    from ..models.structure_abandoned_summary_event import StructureAbandonedSummaryEvent
    from ..models.structure_captured_summary_event import StructureCapturedSummaryEvent
    from ..models.structure_destroyed_summary_event import StructureDestroyedSummaryEvent
    from ..models.trade_route_lost_summary_event import TradeRouteLostSummaryEvent
    from ..models.treaty_began_summary_event import TreatyBeganSummaryEvent
    from ..models.treaty_ended_summary_event import TreatyEndedSummaryEvent
    from ..models.upgrade_cancelled_summary_event import UpgradeCancelledSummaryEvent
    from ..models.victory_counted_summary_event import VictoryCountedSummaryEvent


T = TypeVar("T", bound="SpectatorSummary")


@_attrs_define
class SpectatorSummary:
    """The public part of a turn change before the spectated turn (R-CAMP-13): what became of
    the structures, by tile, owner and level; nothing of armies, gold or diplomacy.

        Attributes:
            events (list[ArmyAdvancedSummaryEvent | ArmyDestroyedSummaryEvent | ArmyMovedSummaryEvent |
                ArmyRaisedSummaryEvent | ArmyRetreatedSummaryEvent | ArmySeatLostSummaryEvent | ArmyTierLostSummaryEvent |
                ArmyUpgradedSummaryEvent | ArmyWithdrewSummaryEvent | BattleCancelledSummaryEvent | BattleResolvedSummaryEvent |
                BuildCancelledSummaryEvent | CapitalRepulsedSummaryEvent | CityBesiegedSummaryEvent | CityFoundedSummaryEvent |
                CityLevelLostSummaryEvent | CityUpgradedSummaryEvent | DisembarkedSummaryEvent | EdictExpiredSummaryEvent |
                EmbarkedSummaryEvent | EncounterSummaryEvent | ExploredSummaryEvent | GeneralCapturedSummaryEvent |
                GeneralFreedSummaryEvent | GoldSummaryEvent | HaltedSummaryEvent | InsolventSummaryEvent |
                OutpostBuiltSummaryEvent | PathCutSummaryEvent | PillageWonSummaryEvent | PortBuiltSummaryEvent |
                RaiseCancelledSummaryEvent | ShipDestroyedSummaryEvent | SiegeContinuesSummaryEvent | SiegeLiftedSummaryEvent |
                StakeTakenSummaryEvent | StakeWonSummaryEvent | StandingOrderSummaryEvent | StormRoseSummaryEvent |
                StructureAbandonedSummaryEvent | StructureCapturedSummaryEvent | StructureDestroyedSummaryEvent |
                TradeRouteLostSummaryEvent | TreatyBeganSummaryEvent | TreatyEndedSummaryEvent | UpgradeCancelledSummaryEvent |
                VictoryCountedSummaryEvent]):
            number (int):
    """

    events: list[
        ArmyAdvancedSummaryEvent
        | ArmyDestroyedSummaryEvent
        | ArmyMovedSummaryEvent
        | ArmyRaisedSummaryEvent
        | ArmyRetreatedSummaryEvent
        | ArmySeatLostSummaryEvent
        | ArmyTierLostSummaryEvent
        | ArmyUpgradedSummaryEvent
        | ArmyWithdrewSummaryEvent
        | BattleCancelledSummaryEvent
        | BattleResolvedSummaryEvent
        | BuildCancelledSummaryEvent
        | CapitalRepulsedSummaryEvent
        | CityBesiegedSummaryEvent
        | CityFoundedSummaryEvent
        | CityLevelLostSummaryEvent
        | CityUpgradedSummaryEvent
        | DisembarkedSummaryEvent
        | EdictExpiredSummaryEvent
        | EmbarkedSummaryEvent
        | EncounterSummaryEvent
        | ExploredSummaryEvent
        | GeneralCapturedSummaryEvent
        | GeneralFreedSummaryEvent
        | GoldSummaryEvent
        | HaltedSummaryEvent
        | InsolventSummaryEvent
        | OutpostBuiltSummaryEvent
        | PathCutSummaryEvent
        | PillageWonSummaryEvent
        | PortBuiltSummaryEvent
        | RaiseCancelledSummaryEvent
        | ShipDestroyedSummaryEvent
        | SiegeContinuesSummaryEvent
        | SiegeLiftedSummaryEvent
        | StakeTakenSummaryEvent
        | StakeWonSummaryEvent
        | StandingOrderSummaryEvent
        | StormRoseSummaryEvent
        | StructureAbandonedSummaryEvent
        | StructureCapturedSummaryEvent
        | StructureDestroyedSummaryEvent
        | TradeRouteLostSummaryEvent
        | TreatyBeganSummaryEvent
        | TreatyEndedSummaryEvent
        | UpgradeCancelledSummaryEvent
        | VictoryCountedSummaryEvent
    ]
    number: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.army_advanced_summary_event import ArmyAdvancedSummaryEvent  # noqa: PLC0415
        from ..models.army_destroyed_summary_event import ArmyDestroyedSummaryEvent  # noqa: PLC0415
        from ..models.army_moved_summary_event import ArmyMovedSummaryEvent  # noqa: PLC0415
        from ..models.army_raised_summary_event import ArmyRaisedSummaryEvent  # noqa: PLC0415
        from ..models.army_retreated_summary_event import ArmyRetreatedSummaryEvent  # noqa: PLC0415
        from ..models.army_seat_lost_summary_event import ArmySeatLostSummaryEvent  # noqa: PLC0415
        from ..models.army_tier_lost_summary_event import ArmyTierLostSummaryEvent  # noqa: PLC0415
        from ..models.army_upgraded_summary_event import ArmyUpgradedSummaryEvent  # noqa: PLC0415
        from ..models.army_withdrew_summary_event import ArmyWithdrewSummaryEvent  # noqa: PLC0415
        from ..models.battle_cancelled_summary_event import BattleCancelledSummaryEvent  # noqa: PLC0415
        from ..models.battle_resolved_summary_event import BattleResolvedSummaryEvent  # noqa: PLC0415
        from ..models.build_cancelled_summary_event import BuildCancelledSummaryEvent  # noqa: PLC0415
        from ..models.capital_repulsed_summary_event import CapitalRepulsedSummaryEvent  # noqa: PLC0415
        from ..models.city_besieged_summary_event import CityBesiegedSummaryEvent  # noqa: PLC0415
        from ..models.city_founded_summary_event import CityFoundedSummaryEvent  # noqa: PLC0415
        from ..models.city_level_lost_summary_event import CityLevelLostSummaryEvent  # noqa: PLC0415
        from ..models.city_upgraded_summary_event import CityUpgradedSummaryEvent  # noqa: PLC0415
        from ..models.disembarked_summary_event import DisembarkedSummaryEvent  # noqa: PLC0415
        from ..models.edict_expired_summary_event import EdictExpiredSummaryEvent  # noqa: PLC0415
        from ..models.embarked_summary_event import EmbarkedSummaryEvent  # noqa: PLC0415
        from ..models.encounter_summary_event import EncounterSummaryEvent  # noqa: PLC0415
        from ..models.explored_summary_event import ExploredSummaryEvent  # noqa: PLC0415
        from ..models.general_captured_summary_event import GeneralCapturedSummaryEvent  # noqa: PLC0415
        from ..models.general_freed_summary_event import GeneralFreedSummaryEvent  # noqa: PLC0415
        from ..models.gold_summary_event import GoldSummaryEvent  # noqa: PLC0415
        from ..models.halted_summary_event import HaltedSummaryEvent  # noqa: PLC0415
        from ..models.insolvent_summary_event import InsolventSummaryEvent  # noqa: PLC0415
        from ..models.outpost_built_summary_event import OutpostBuiltSummaryEvent  # noqa: PLC0415
        from ..models.path_cut_summary_event import PathCutSummaryEvent  # noqa: PLC0415
        from ..models.pillage_won_summary_event import PillageWonSummaryEvent  # noqa: PLC0415
        from ..models.port_built_summary_event import PortBuiltSummaryEvent  # noqa: PLC0415
        from ..models.raise_cancelled_summary_event import RaiseCancelledSummaryEvent  # noqa: PLC0415
        from ..models.ship_destroyed_summary_event import ShipDestroyedSummaryEvent  # noqa: PLC0415
        from ..models.siege_continues_summary_event import SiegeContinuesSummaryEvent  # noqa: PLC0415
        from ..models.siege_lifted_summary_event import SiegeLiftedSummaryEvent  # noqa: PLC0415
        from ..models.stake_taken_summary_event import StakeTakenSummaryEvent  # noqa: PLC0415
        from ..models.stake_won_summary_event import StakeWonSummaryEvent  # noqa: PLC0415
        from ..models.storm_rose_summary_event import StormRoseSummaryEvent  # noqa: PLC0415
        from ..models.structure_abandoned_summary_event import StructureAbandonedSummaryEvent  # noqa: PLC0415
        from ..models.structure_captured_summary_event import StructureCapturedSummaryEvent  # noqa: PLC0415
        from ..models.structure_destroyed_summary_event import StructureDestroyedSummaryEvent  # noqa: PLC0415
        from ..models.trade_route_lost_summary_event import TradeRouteLostSummaryEvent  # noqa: PLC0415
        from ..models.treaty_began_summary_event import TreatyBeganSummaryEvent  # noqa: PLC0415
        from ..models.treaty_ended_summary_event import TreatyEndedSummaryEvent  # noqa: PLC0415
        from ..models.upgrade_cancelled_summary_event import UpgradeCancelledSummaryEvent  # noqa: PLC0415
        from ..models.victory_counted_summary_event import VictoryCountedSummaryEvent  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, ArmyMovedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PathCutSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, HaltedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, EmbarkedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DisembarkedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ShipDestroyedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, StormRoseSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, EncounterSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, BattleResolvedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, BattleCancelledSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, StakeWonSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PillageWonSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, StakeTakenSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, VictoryCountedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ArmyAdvancedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ArmyRetreatedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ArmyDestroyedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ArmyTierLostSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ArmySeatLostSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GeneralCapturedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GeneralFreedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, StructureCapturedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, StructureAbandonedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, StructureDestroyedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CityLevelLostSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CapitalRepulsedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CityBesiegedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SiegeContinuesSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, SiegeLiftedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CityFoundedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PortBuiltSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, OutpostBuiltSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CityUpgradedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, BuildCancelledSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ArmyRaisedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ArmyUpgradedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RaiseCancelledSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, UpgradeCancelledSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, InsolventSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TreatyBeganSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TreatyEndedSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TradeRouteLostSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, EdictExpiredSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ExploredSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ArmyWithdrewSummaryEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, GoldSummaryEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        number = self.number

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "events": events,
                "number": number,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.army_advanced_summary_event import ArmyAdvancedSummaryEvent  # noqa: PLC0415
        from ..models.army_destroyed_summary_event import ArmyDestroyedSummaryEvent  # noqa: PLC0415
        from ..models.army_moved_summary_event import ArmyMovedSummaryEvent  # noqa: PLC0415
        from ..models.army_raised_summary_event import ArmyRaisedSummaryEvent  # noqa: PLC0415
        from ..models.army_retreated_summary_event import ArmyRetreatedSummaryEvent  # noqa: PLC0415
        from ..models.army_seat_lost_summary_event import ArmySeatLostSummaryEvent  # noqa: PLC0415
        from ..models.army_tier_lost_summary_event import ArmyTierLostSummaryEvent  # noqa: PLC0415
        from ..models.army_upgraded_summary_event import ArmyUpgradedSummaryEvent  # noqa: PLC0415
        from ..models.army_withdrew_summary_event import ArmyWithdrewSummaryEvent  # noqa: PLC0415
        from ..models.battle_cancelled_summary_event import BattleCancelledSummaryEvent  # noqa: PLC0415
        from ..models.battle_resolved_summary_event import BattleResolvedSummaryEvent  # noqa: PLC0415
        from ..models.build_cancelled_summary_event import BuildCancelledSummaryEvent  # noqa: PLC0415
        from ..models.capital_repulsed_summary_event import CapitalRepulsedSummaryEvent  # noqa: PLC0415
        from ..models.city_besieged_summary_event import CityBesiegedSummaryEvent  # noqa: PLC0415
        from ..models.city_founded_summary_event import CityFoundedSummaryEvent  # noqa: PLC0415
        from ..models.city_level_lost_summary_event import CityLevelLostSummaryEvent  # noqa: PLC0415
        from ..models.city_upgraded_summary_event import CityUpgradedSummaryEvent  # noqa: PLC0415
        from ..models.disembarked_summary_event import DisembarkedSummaryEvent  # noqa: PLC0415
        from ..models.edict_expired_summary_event import EdictExpiredSummaryEvent  # noqa: PLC0415
        from ..models.embarked_summary_event import EmbarkedSummaryEvent  # noqa: PLC0415
        from ..models.encounter_summary_event import EncounterSummaryEvent  # noqa: PLC0415
        from ..models.explored_summary_event import ExploredSummaryEvent  # noqa: PLC0415
        from ..models.general_captured_summary_event import GeneralCapturedSummaryEvent  # noqa: PLC0415
        from ..models.general_freed_summary_event import GeneralFreedSummaryEvent  # noqa: PLC0415
        from ..models.gold_summary_event import GoldSummaryEvent  # noqa: PLC0415
        from ..models.halted_summary_event import HaltedSummaryEvent  # noqa: PLC0415
        from ..models.insolvent_summary_event import InsolventSummaryEvent  # noqa: PLC0415
        from ..models.outpost_built_summary_event import OutpostBuiltSummaryEvent  # noqa: PLC0415
        from ..models.path_cut_summary_event import PathCutSummaryEvent  # noqa: PLC0415
        from ..models.pillage_won_summary_event import PillageWonSummaryEvent  # noqa: PLC0415
        from ..models.port_built_summary_event import PortBuiltSummaryEvent  # noqa: PLC0415
        from ..models.raise_cancelled_summary_event import RaiseCancelledSummaryEvent  # noqa: PLC0415
        from ..models.ship_destroyed_summary_event import ShipDestroyedSummaryEvent  # noqa: PLC0415
        from ..models.siege_continues_summary_event import SiegeContinuesSummaryEvent  # noqa: PLC0415
        from ..models.siege_lifted_summary_event import SiegeLiftedSummaryEvent  # noqa: PLC0415
        from ..models.stake_taken_summary_event import StakeTakenSummaryEvent  # noqa: PLC0415
        from ..models.stake_won_summary_event import StakeWonSummaryEvent  # noqa: PLC0415
        from ..models.standing_order_summary_event import StandingOrderSummaryEvent  # noqa: PLC0415
        from ..models.storm_rose_summary_event import StormRoseSummaryEvent  # noqa: PLC0415
        from ..models.structure_abandoned_summary_event import StructureAbandonedSummaryEvent  # noqa: PLC0415
        from ..models.structure_captured_summary_event import StructureCapturedSummaryEvent  # noqa: PLC0415
        from ..models.structure_destroyed_summary_event import StructureDestroyedSummaryEvent  # noqa: PLC0415
        from ..models.trade_route_lost_summary_event import TradeRouteLostSummaryEvent  # noqa: PLC0415
        from ..models.treaty_began_summary_event import TreatyBeganSummaryEvent  # noqa: PLC0415
        from ..models.treaty_ended_summary_event import TreatyEndedSummaryEvent  # noqa: PLC0415
        from ..models.upgrade_cancelled_summary_event import UpgradeCancelledSummaryEvent  # noqa: PLC0415
        from ..models.victory_counted_summary_event import VictoryCountedSummaryEvent  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                ArmyAdvancedSummaryEvent
                | ArmyDestroyedSummaryEvent
                | ArmyMovedSummaryEvent
                | ArmyRaisedSummaryEvent
                | ArmyRetreatedSummaryEvent
                | ArmySeatLostSummaryEvent
                | ArmyTierLostSummaryEvent
                | ArmyUpgradedSummaryEvent
                | ArmyWithdrewSummaryEvent
                | BattleCancelledSummaryEvent
                | BattleResolvedSummaryEvent
                | BuildCancelledSummaryEvent
                | CapitalRepulsedSummaryEvent
                | CityBesiegedSummaryEvent
                | CityFoundedSummaryEvent
                | CityLevelLostSummaryEvent
                | CityUpgradedSummaryEvent
                | DisembarkedSummaryEvent
                | EdictExpiredSummaryEvent
                | EmbarkedSummaryEvent
                | EncounterSummaryEvent
                | ExploredSummaryEvent
                | GeneralCapturedSummaryEvent
                | GeneralFreedSummaryEvent
                | GoldSummaryEvent
                | HaltedSummaryEvent
                | InsolventSummaryEvent
                | OutpostBuiltSummaryEvent
                | PathCutSummaryEvent
                | PillageWonSummaryEvent
                | PortBuiltSummaryEvent
                | RaiseCancelledSummaryEvent
                | ShipDestroyedSummaryEvent
                | SiegeContinuesSummaryEvent
                | SiegeLiftedSummaryEvent
                | StakeTakenSummaryEvent
                | StakeWonSummaryEvent
                | StandingOrderSummaryEvent
                | StormRoseSummaryEvent
                | StructureAbandonedSummaryEvent
                | StructureCapturedSummaryEvent
                | StructureDestroyedSummaryEvent
                | TradeRouteLostSummaryEvent
                | TreatyBeganSummaryEvent
                | TreatyEndedSummaryEvent
                | UpgradeCancelledSummaryEvent
                | VictoryCountedSummaryEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_0 = ArmyMovedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_1 = PathCutSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_2 = HaltedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_3 = EmbarkedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_4 = DisembarkedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_5 = ShipDestroyedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_6 = StormRoseSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_7 = EncounterSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_8 = BattleResolvedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_9 = BattleCancelledSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_10 = StakeWonSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_11 = PillageWonSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_12 = StakeTakenSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_13 = VictoryCountedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_14 = ArmyAdvancedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_15 = ArmyRetreatedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_16 = ArmyDestroyedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_16
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_17 = ArmyTierLostSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_17
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_18 = ArmySeatLostSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_18
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_19 = GeneralCapturedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_19
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_20 = GeneralFreedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_20
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_21 = StructureCapturedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_21
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_22 = StructureAbandonedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_22
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_23 = StructureDestroyedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_23
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_24 = CityLevelLostSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_24
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_25 = CapitalRepulsedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_25
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_26 = CityBesiegedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_26
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_27 = SiegeContinuesSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_27
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_28 = SiegeLiftedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_28
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_29 = CityFoundedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_29
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_30 = PortBuiltSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_30
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_31 = OutpostBuiltSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_31
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_32 = CityUpgradedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_32
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_33 = BuildCancelledSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_33
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_34 = ArmyRaisedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_34
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_35 = ArmyUpgradedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_35
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_36 = RaiseCancelledSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_36
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_37 = UpgradeCancelledSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_37
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_38 = InsolventSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_38
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_39 = TreatyBeganSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_39
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_40 = TreatyEndedSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_40
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_41 = TradeRouteLostSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_41
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_42 = EdictExpiredSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_42
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_43 = ExploredSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_43
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_44 = ArmyWithdrewSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_44
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_summary_event_type_45 = GoldSummaryEvent.from_dict(data)

                    return componentsschemas_summary_event_type_45
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_summary_event_type_46 = StandingOrderSummaryEvent.from_dict(data)

                return componentsschemas_summary_event_type_46

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        number = d.pop("number")

        spectator_summary = cls(
            events=events,
            number=number,
        )

        spectator_summary.additional_properties = d
        return spectator_summary

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
