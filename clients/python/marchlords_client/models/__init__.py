"""Contains all the data models used in inputs/outputs"""

from .abuse_report_page import AbuseReportPage
from .abuse_report_read import AbuseReportRead
from .abuse_report_receipt import AbuseReportReceipt
from .access_token import AccessToken
from .account_notice_page import AccountNoticePage
from .account_notice_read import AccountNoticeRead
from .account_notice_read_kind import AccountNoticeReadKind
from .amendment_kind import AmendmentKind
from .arbitrate_body import ArbitrateBody
from .army_advanced_summary_event import ArmyAdvancedSummaryEvent
from .army_advanced_summary_event_texts_type_0 import ArmyAdvancedSummaryEventTextsType0
from .army_battle_export import ArmyBattleExport
from .army_battle_export_result import ArmyBattleExportResult
from .army_battle_export_side import ArmyBattleExportSide
from .army_casualty_export import ArmyCasualtyExport
from .army_data import ArmyData
from .army_destroyed_data import ArmyDestroyedData
from .army_destroyed_summary_event import ArmyDestroyedSummaryEvent
from .army_destroyed_summary_event_texts_type_0 import ArmyDestroyedSummaryEventTextsType0
from .army_list import ArmyList
from .army_list_report import ArmyListReport
from .army_move_data import ArmyMoveData
from .army_moved_data import ArmyMovedData
from .army_moved_summary_event import ArmyMovedSummaryEvent
from .army_moved_summary_event_texts_type_0 import ArmyMovedSummaryEventTextsType0
from .army_raised_data import ArmyRaisedData
from .army_raised_summary_event import ArmyRaisedSummaryEvent
from .army_raised_summary_event_texts_type_0 import ArmyRaisedSummaryEventTextsType0
from .army_retreated_summary_event import ArmyRetreatedSummaryEvent
from .army_retreated_summary_event_texts_type_0 import ArmyRetreatedSummaryEventTextsType0
from .army_seat_lost_summary_event import ArmySeatLostSummaryEvent
from .army_seat_lost_summary_event_texts_type_0 import ArmySeatLostSummaryEventTextsType0
from .army_tier_data import ArmyTierData
from .army_tier_lost_summary_event import ArmyTierLostSummaryEvent
from .army_tier_lost_summary_event_texts_type_0 import ArmyTierLostSummaryEventTextsType0
from .army_upgraded_summary_event import ArmyUpgradedSummaryEvent
from .army_upgraded_summary_event_texts_type_0 import ArmyUpgradedSummaryEventTextsType0
from .army_withdrew_data import ArmyWithdrewData
from .army_withdrew_summary_event import ArmyWithdrewSummaryEvent
from .army_withdrew_summary_event_texts_type_0 import ArmyWithdrewSummaryEventTextsType0
from .audit_action import AuditAction
from .audit_entry import AuditEntry
from .audit_page import AuditPage
from .authorization_redirect import AuthorizationRedirect
from .battle_abandoned_server_sent_event import BattleAbandonedServerSentEvent
from .battle_cancelled_server_sent_event import BattleCancelledServerSentEvent
from .battle_cancelled_summary_event import BattleCancelledSummaryEvent
from .battle_cancelled_summary_event_texts_type_0 import BattleCancelledSummaryEventTextsType0
from .battle_closed_payload import BattleClosedPayload
from .battle_confirmed_server_sent_event import BattleConfirmedServerSentEvent
from .battle_counts import BattleCounts
from .battle_data import BattleData
from .battle_date_agreed_payload import BattleDateAgreedPayload
from .battle_date_agreed_server_sent_event import BattleDateAgreedServerSentEvent
from .battle_date_proposed_payload import BattleDateProposedPayload
from .battle_date_proposed_payload_side import BattleDateProposedPayloadSide
from .battle_date_proposed_server_sent_event import BattleDateProposedServerSentEvent
from .battle_declared_payload import BattleDeclaredPayload
from .battle_declared_server_sent_event import BattleDeclaredServerSentEvent
from .battle_kind import BattleKind
from .battle_pack import BattlePack
from .battle_pack_your_side_type_0 import BattlePackYourSideType0
from .battle_page import BattlePage
from .battle_player import BattlePlayer
from .battle_read import BattleRead
from .battle_rejected_payload import BattleRejectedPayload
from .battle_rejected_server_sent_event import BattleRejectedServerSentEvent
from .battle_report_edited_payload import BattleReportEditedPayload
from .battle_report_edited_server_sent_event import BattleReportEditedServerSentEvent
from .battle_reported_payload import BattleReportedPayload
from .battle_reported_server_sent_event import BattleReportedServerSentEvent
from .battle_resolved_data import BattleResolvedData
from .battle_resolved_summary_event import BattleResolvedSummaryEvent
from .battle_resolved_summary_event_texts_type_0 import BattleResolvedSummaryEventTextsType0
from .battle_roster_read import BattleRosterRead
from .battle_roster_read_side import BattleRosterReadSide
from .battle_side_read import BattleSideRead
from .battle_status import BattleStatus
from .battles_read_pack_pdf_paper import BattlesReadPackPdfPaper
from .bot_set import BotSet
from .build_cancelled_data import BuildCancelledData
from .build_cancelled_summary_event import BuildCancelledSummaryEvent
from .build_cancelled_summary_event_texts_type_0 import BuildCancelledSummaryEventTextsType0
from .build_create import BuildCreate
from .build_done_data import BuildDoneData
from .build_kind import BuildKind
from .build_option import BuildOption
from .calendar_feed_created import CalendarFeedCreated
from .calendar_feed_read import CalendarFeedRead
from .campaign_create import CampaignCreate
from .campaign_export import CampaignExport
from .campaign_header import CampaignHeader
from .campaign_import import CampaignImport
from .campaign_import_seats import CampaignImportSeats
from .campaign_page import CampaignPage
from .campaign_paused_server_sent_event import CampaignPausedServerSentEvent
from .campaign_read import CampaignRead
from .campaign_ref import CampaignRef
from .campaign_rename import CampaignRename
from .campaign_report import CampaignReport
from .campaign_resumed_server_sent_event import CampaignResumedServerSentEvent
from .campaign_settings import CampaignSettings
from .campaign_settings_game_system import CampaignSettingsGameSystem
from .campaign_status import CampaignStatus
from .campaign_update import CampaignUpdate
from .capital_repulsed_summary_event import CapitalRepulsedSummaryEvent
from .capital_repulsed_summary_event_texts_type_0 import CapitalRepulsedSummaryEventTextsType0
from .captured_general import CapturedGeneral
from .casualty_line import CasualtyLine
from .chart_point import ChartPoint
from .charts import Charts
from .city_besieged_data import CityBesiegedData
from .city_besieged_summary_event import CityBesiegedSummaryEvent
from .city_besieged_summary_event_texts_type_0 import CityBesiegedSummaryEventTextsType0
from .city_founded_summary_event import CityFoundedSummaryEvent
from .city_founded_summary_event_texts_type_0 import CityFoundedSummaryEventTextsType0
from .city_level_lost_data import CityLevelLostData
from .city_level_lost_summary_event import CityLevelLostSummaryEvent
from .city_level_lost_summary_event_texts_type_0 import CityLevelLostSummaryEventTextsType0
from .city_upgraded_summary_event import CityUpgradedSummaryEvent
from .city_upgraded_summary_event_texts_type_0 import CityUpgradedSummaryEventTextsType0
from .civil_disorder_ended_server_sent_event import CivilDisorderEndedServerSentEvent
from .civil_disorder_server_sent_event import CivilDisorderServerSentEvent
from .correspondent import Correspondent
from .current_export import CurrentExport
from .deadline_extended_server_sent_event import DeadlineExtendedServerSentEvent
from .deadline_extension import DeadlineExtension
from .deadline_near_payload import DeadlineNearPayload
from .deadline_near_server_sent_event import DeadlineNearServerSentEvent
from .deadlines_payload import DeadlinesPayload
from .delivery_page import DeliveryPage
from .delivery_read import DeliveryRead
from .delivery_status import DeliveryStatus
from .difficulty import Difficulty
from .diplomatic_edict import DiplomaticEdict
from .diplomatic_edict_kind import DiplomaticEdictKind
from .discord_allowed_mentions import DiscordAllowedMentions
from .discord_discord_interaction_body import DiscordDiscordInteractionBody
from .discord_embed import DiscordEmbed
from .discord_field import DiscordField
from .discord_link_code_created import DiscordLinkCodeCreated
from .discord_link_read import DiscordLinkRead
from .discord_message import DiscordMessage
from .disembarked_summary_event import DisembarkedSummaryEvent
from .disembarked_summary_event_texts_type_0 import DisembarkedSummaryEventTextsType0
from .edict_answered_payload import EdictAnsweredPayload
from .edict_answered_server_sent_event import EdictAnsweredServerSentEvent
from .edict_expired_data import EdictExpiredData
from .edict_expired_summary_event import EdictExpiredSummaryEvent
from .edict_expired_summary_event_texts_type_0 import EdictExpiredSummaryEventTextsType0
from .edict_kind import EdictKind
from .edict_page import EdictPage
from .edict_read import EdictRead
from .edict_received_payload import EdictReceivedPayload
from .edict_received_server_sent_event import EdictReceivedServerSentEvent
from .edict_status import EdictStatus
from .effect import Effect
from .email_address_read import EmailAddressRead
from .email_address_set import EmailAddressSet
from .embarked_summary_event import EmbarkedSummaryEvent
from .embarked_summary_event_texts_type_0 import EmbarkedSummaryEventTextsType0
from .encounter_data import EncounterData
from .encounter_summary_event import EncounterSummaryEvent
from .encounter_summary_event_texts_type_0 import EncounterSummaryEventTextsType0
from .endpoint_create import EndpointCreate
from .endpoint_created import EndpointCreated
from .endpoint_format import EndpointFormat
from .endpoint_read import EndpointRead
from .endpoint_scope import EndpointScope
from .endpoint_update import EndpointUpdate
from .event_kind import EventKind
from .exploration_edict import ExplorationEdict
from .explored_data import ExploredData
from .explored_summary_event import ExploredSummaryEvent
from .explored_summary_event_texts_type_0 import ExploredSummaryEventTextsType0
from .exported_armies_row import ExportedArmiesRow
from .exported_battles_row import ExportedBattlesRow
from .exported_battles_row_status import ExportedBattlesRowStatus
from .exported_edicts_row import ExportedEdictsRow
from .exported_edicts_row_kind import ExportedEdictsRowKind
from .exported_edicts_row_status import ExportedEdictsRowStatus
from .exported_generals_row import ExportedGeneralsRow
from .exported_house_rule import ExportedHouseRule
from .exported_house_rule_change import ExportedHouseRuleChange
from .exported_house_rule_change_action import ExportedHouseRuleChangeAction
from .exported_house_rule_kind import ExportedHouseRuleKind
from .exported_message import ExportedMessage
from .exported_order_row import ExportedOrderRow
from .exported_order_row_kind import ExportedOrderRowKind
from .exported_pending_summary_events_row import ExportedPendingSummaryEventsRow
from .exported_player_state import ExportedPlayerState
from .exported_seat import ExportedSeat
from .exported_ships_row import ExportedShipsRow
from .exported_sieges_row import ExportedSiegesRow
from .exported_stakes_row import ExportedStakesRow
from .exported_standing_orders_row import ExportedStandingOrdersRow
from .exported_standing_orders_row_kind import ExportedStandingOrdersRowKind
from .exported_structures_row import ExportedStructuresRow
from .exported_treaties_row import ExportedTreatiesRow
from .exported_world import ExportedWorld
from .faction_action_status import FactionActionStatus
from .faction_name import FactionName
from .fate import Fate
from .fielded_roster_export import FieldedRosterExport
from .fielded_roster_export_side import FieldedRosterExportSide
from .fielded_shape_export import FieldedShapeExport
from .forecast_line import ForecastLine
from .forecast_read import ForecastRead
from .general_assign import GeneralAssign
from .general_captured_data import GeneralCapturedData
from .general_captured_summary_event import GeneralCapturedSummaryEvent
from .general_captured_summary_event_texts_type_0 import GeneralCapturedSummaryEventTextsType0
from .general_freed_data import GeneralFreedData
from .general_freed_summary_event import GeneralFreedSummaryEvent
from .general_freed_summary_event_texts_type_0 import GeneralFreedSummaryEventTextsType0
from .general_list import GeneralList
from .general_read import GeneralRead
from .generated_map import GeneratedMap
from .generated_map_wrap import GeneratedMapWrap
from .gift_edict import GiftEdict
from .gold_data import GoldData
from .gold_summary_event import GoldSummaryEvent
from .gold_summary_event_texts_type_0 import GoldSummaryEventTextsType0
from .halted_data import HaltedData
from .halted_summary_event import HaltedSummaryEvent
from .halted_summary_event_texts_type_0 import HaltedSummaryEventTextsType0
from .handover import Handover
from .health import Health
from .held_prisoner import HeldPrisoner
from .holder_read import HolderRead
from .house_rule_action import HouseRuleAction
from .house_rule_change_page import HouseRuleChangePage
from .house_rule_change_read import HouseRuleChangeRead
from .house_rule_change_read_after_type_0 import HouseRuleChangeReadAfterType0
from .house_rule_change_read_before_type_0 import HouseRuleChangeReadBeforeType0
from .house_rule_create import HouseRuleCreate
from .house_rule_read import HouseRuleRead
from .house_rule_update import HouseRuleUpdate
from .house_rules import HouseRules
from .http_validation_error import HTTPValidationError
from .identity_list import IdentityList
from .identity_read import IdentityRead
from .imported_campaign import ImportedCampaign
from .inbox_item_read import InboxItemRead
from .inbox_marked import InboxMarked
from .inbox_page import InboxPage
from .insolvent_data import InsolventData
from .insolvent_summary_event import InsolventSummaryEvent
from .insolvent_summary_event_texts_type_0 import InsolventSummaryEventTextsType0
from .interaction_response import InteractionResponse
from .interaction_response_data_type_0 import InteractionResponseDataType0
from .join_request import JoinRequest
from .join_request_create import JoinRequestCreate
from .join_request_read import JoinRequestRead
from .joiner import Joiner
from .kept_reason import KeptReason
from .kept_reason_params import KeptReasonParams
from .kept_reason_params_kept_reason_param_text import KeptReasonParamsKeptReasonParamText
from .kept_reason_params_kept_reason_param_text_params import KeptReasonParamsKeptReasonParamTextParams
from .kept_text import KeptText
from .kept_text_params import KeptTextParams
from .kind_channels import KindChannels
from .kind_channels_email import KindChannelsEmail
from .kind_channels_inbox import KindChannelsInbox
from .kind_channels_push import KindChannelsPush
from .kind_channels_webhook import KindChannelsWebhook
from .leader_set import LeaderSet
from .ledger_entry_read import LedgerEntryRead
from .ledger_line import LedgerLine
from .ledger_page import LedgerPage
from .link_start import LinkStart
from .listed_user import ListedUser
from .listed_user_page import ListedUserPage
from .lobbies_list_lobbies_game_system_type_0 import LobbiesListLobbiesGameSystemType0
from .lobby_options import LobbyOptions
from .lobby_page import LobbyPage
from .lobby_read import LobbyRead
from .lobby_read_game_system import LobbyReadGameSystem
from .login_form import LoginForm
from .map_document import MapDocument
from .map_document_wrap import MapDocumentWrap
from .map_page import MapPage
from .map_read import MapRead
from .map_read_document import MapReadDocument
from .map_summary import MapSummary
from .me_read import MeRead
from .message_create import MessageCreate
from .message_page import MessagePage
from .message_read import MessageRead
from .message_received_payload import MessageReceivedPayload
from .message_received_server_sent_event import MessageReceivedServerSentEvent
from .message_report import MessageReport
from .message_thread import MessageThread
from .message_threads import MessageThreads
from .moderated_user import ModeratedUser
from .moderation_reason import ModerationReason
from .move_read import MoveRead
from .move_set import MoveSet
from .my_army import MyArmy
from .my_general import MyGeneral
from .notification_data import NotificationData
from .notification_kind import NotificationKind
from .notification_preferences import NotificationPreferences
from .notification_preferences_kinds import NotificationPreferencesKinds
from .offered_seat import OfferedSeat
from .offered_seat_page import OfferedSeatPage
from .open_because import OpenBecause
from .open_seat import OpenSeat
from .order_kind import OrderKind
from .order_read import OrderRead
from .other_army import OtherArmy
from .outcome import Outcome
from .outpost_built_summary_event import OutpostBuiltSummaryEvent
from .outpost_built_summary_event_texts_type_0 import OutpostBuiltSummaryEventTextsType0
from .owner_became_game_master_server_sent_event import OwnerBecameGameMasterServerSentEvent
from .owners_join_request_read import OwnersJoinRequestRead
from .pack_army import PackArmy
from .pack_field import PackField
from .pack_kind import PackKind
from .pack_piece import PackPiece
from .pack_scenario import PackScenario
from .pack_side import PackSide
from .pack_side_side import PackSideSide
from .pack_stakes import PackStakes
from .pack_table import PackTable
from .pack_zone import PackZone
from .pack_zone_side import PackZoneSide
from .password_change import PasswordChange
from .password_reset_accepted import PasswordResetAccepted
from .password_reset_confirm import PasswordResetConfirm
from .password_reset_request import PasswordResetRequest
from .path_cut_data import PathCutData
from .path_cut_summary_event import PathCutSummaryEvent
from .path_cut_summary_event_texts_type_0 import PathCutSummaryEventTextsType0
from .pending_build import PendingBuild
from .pending_move import PendingMove
from .pending_move_order import PendingMoveOrder
from .pending_orders import PendingOrders
from .pending_raise import PendingRaise
from .pending_recruit import PendingRecruit
from .pending_upgrade import PendingUpgrade
from .personality import Personality
from .piece_kind import PieceKind
from .pillage_won_summary_event import PillageWonSummaryEvent
from .pillage_won_summary_event_texts_type_0 import PillageWonSummaryEventTextsType0
from .play_by_date import PlayByDate
from .play_by_proposal_read import PlayByProposalRead
from .play_by_proposal_read_side import PlayByProposalReadSide
from .player_chart import PlayerChart
from .player_choice import PlayerChoice
from .player_read import PlayerRead
from .player_ready_payload import PlayerReadyPayload
from .player_ready_server_sent_event import PlayerReadyServerSentEvent
from .player_status_payload import PlayerStatusPayload
from .player_status_server_sent_event import PlayerStatusServerSentEvent
from .player_status_update import PlayerStatusUpdate
from .port_built_summary_event import PortBuiltSummaryEvent
from .port_built_summary_event_texts_type_0 import PortBuiltSummaryEventTextsType0
from .problem import Problem
from .problem_code import ProblemCode
from .provider_read import ProviderRead
from .push_key import PushKey
from .push_keys import PushKeys
from .push_subscription_create import PushSubscriptionCreate
from .push_subscription_list import PushSubscriptionList
from .push_subscription_read import PushSubscriptionRead
from .raise_cancelled_data import RaiseCancelledData
from .raise_cancelled_summary_event import RaiseCancelledSummaryEvent
from .raise_cancelled_summary_event_texts_type_0 import RaiseCancelledSummaryEventTextsType0
from .raise_create import RaiseCreate
from .reachable_tile import ReachableTile
from .read_mark import ReadMark
from .ready_player import ReadyPlayer
from .reconnection_delay import ReconnectionDelay
from .reject_body import RejectBody
from .release_prisoner_edict import ReleasePrisonerEdict
from .reliability_read import ReliabilityRead
from .report_create import ReportCreate
from .report_kind import ReportKind
from .report_read import ReportRead
from .reported_side import ReportedSide
from .rollback_export import RollbackExport
from .rollback_export_summaries import RollbackExportSummaries
from .rollback_page import RollbackPage
from .rollback_read import RollbackRead
from .roster_check_read import RosterCheckRead
from .roster_export import RosterExport
from .roster_format import RosterFormat
from .roster_read import RosterRead
from .roster_unit_export import RosterUnitExport
from .roster_unit_read import RosterUnitRead
from .roster_upload import RosterUpload
from .rosters_export import RostersExport
from .rule_violation_item import RuleViolationItem
from .ruleset_document import RulesetDocument
from .ruleset_variant import RulesetVariant
from .ruleset_variant_battles_variant import RulesetVariantBattlesVariant
from .ruleset_variant_build_costs_variant import RulesetVariantBuildCostsVariant
from .ruleset_variant_diplomacy_variant import RulesetVariantDiplomacyVariant
from .ruleset_variant_faction_document import RulesetVariantFactionDocument
from .ruleset_variant_faction_document_faction_action_document import RulesetVariantFactionDocumentFactionActionDocument
from .ruleset_variant_faction_document_faction_action_document_income_bonus_document import (
    RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocument,
)
from .ruleset_variant_faction_document_faction_action_document_income_bonus_document_income_basis import (
    RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocumentIncomeBasis,
)
from .ruleset_variant_faction_document_faction_action_document_income_bonus_document_terrains_item import (
    RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocumentTerrainsItem,
)
from .ruleset_variant_faction_document_faction_action_document_upkeep_reduction_document import (
    RulesetVariantFactionDocumentFactionActionDocumentUpkeepReductionDocument,
)
from .ruleset_variant_faction_document_income_bonus_document import RulesetVariantFactionDocumentIncomeBonusDocument
from .ruleset_variant_faction_document_income_bonus_document_income_basis import (
    RulesetVariantFactionDocumentIncomeBonusDocumentIncomeBasis,
)
from .ruleset_variant_faction_document_income_bonus_document_terrains_item import (
    RulesetVariantFactionDocumentIncomeBonusDocumentTerrainsItem,
)
from .ruleset_variant_faction_document_terrain_modifiers import RulesetVariantFactionDocumentTerrainModifiers
from .ruleset_variant_faction_document_upkeep_reduction_document import (
    RulesetVariantFactionDocumentUpkeepReductionDocument,
)
from .ruleset_variant_factions_type_1 import RulesetVariantFactionsType1
from .ruleset_variant_factions_type_1_faction_variant import RulesetVariantFactionsType1FactionVariant
from .ruleset_variant_factions_type_1_faction_variant_faction_action_variant import (
    RulesetVariantFactionsType1FactionVariantFactionActionVariant,
)
from .ruleset_variant_factions_type_1_faction_variant_faction_action_variant_income_bonus_document import (
    RulesetVariantFactionsType1FactionVariantFactionActionVariantIncomeBonusDocument,
)
from .ruleset_variant_factions_type_1_faction_variant_faction_action_variant_income_bonus_document_income_basis import (
    RulesetVariantFactionsType1FactionVariantFactionActionVariantIncomeBonusDocumentIncomeBasis,
)
from .ruleset_variant_factions_type_1_faction_variant_faction_action_variant_income_bonus_document_terrains_item import (
    RulesetVariantFactionsType1FactionVariantFactionActionVariantIncomeBonusDocumentTerrainsItem,
)
from .ruleset_variant_factions_type_1_faction_variant_faction_action_variant_upkeep_reduction_document import (
    RulesetVariantFactionsType1FactionVariantFactionActionVariantUpkeepReductionDocument,
)
from .ruleset_variant_factions_type_1_faction_variant_income_bonus_document import (
    RulesetVariantFactionsType1FactionVariantIncomeBonusDocument,
)
from .ruleset_variant_factions_type_1_faction_variant_income_bonus_document_income_basis import (
    RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentIncomeBasis,
)
from .ruleset_variant_factions_type_1_faction_variant_income_bonus_document_terrains_item import (
    RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentTerrainsItem,
)
from .ruleset_variant_factions_type_1_faction_variant_terrain_modifiers import (
    RulesetVariantFactionsType1FactionVariantTerrainModifiers,
)
from .ruleset_variant_factions_type_1_faction_variant_upkeep_reduction_document import (
    RulesetVariantFactionsType1FactionVariantUpkeepReductionDocument,
)
from .ruleset_variant_game_system_document import RulesetVariantGameSystemDocument
from .ruleset_variant_garrisons_variant import RulesetVariantGarrisonsVariant
from .ruleset_variant_income_variant import RulesetVariantIncomeVariant
from .ruleset_variant_movement_variant import RulesetVariantMovementVariant
from .ruleset_variant_score_variant import RulesetVariantScoreVariant
from .ruleset_variant_tier_document import RulesetVariantTierDocument
from .ruleset_variant_tiers_type_1 import RulesetVariantTiersType1
from .schedule_entry import ScheduleEntry
from .schedule_entry_weekday_type_1 import ScheduleEntryWeekdayType1
from .season import Season
from .seat_bot_read import SeatBotRead
from .seat_handed_over_server_sent_event import SeatHandedOverServerSentEvent
from .seat_missed_payload import SeatMissedPayload
from .seat_offer_declined_payload import SeatOfferDeclinedPayload
from .seat_offer_declined_server_sent_event import SeatOfferDeclinedServerSentEvent
from .seat_offer_origin import SeatOfferOrigin
from .seat_offer_read import SeatOfferRead
from .seat_offered_payload import SeatOfferedPayload
from .seat_offered_server_sent_event import SeatOfferedServerSentEvent
from .seat_stewarded_server_sent_event import SeatStewardedServerSentEvent
from .seat_turn_payload import SeatTurnPayload
from .seen_structure import SeenStructure
from .ship_boarding_data import ShipBoardingData
from .ship_destroyed_data import ShipDestroyedData
from .ship_destroyed_summary_event import ShipDestroyedSummaryEvent
from .ship_destroyed_summary_event_texts_type_0 import ShipDestroyedSummaryEventTextsType0
from .side_forces_read import SideForcesRead
from .siege_continues_data import SiegeContinuesData
from .siege_continues_summary_event import SiegeContinuesSummaryEvent
from .siege_continues_summary_event_texts_type_0 import SiegeContinuesSummaryEventTextsType0
from .siege_lifted_data import SiegeLiftedData
from .siege_lifted_summary_event import SiegeLiftedSummaryEvent
from .siege_lifted_summary_event_texts_type_0 import SiegeLiftedSummaryEventTextsType0
from .sign_up_completion import SignUpCompletion
from .size import Size
from .slack_block import SlackBlock
from .slack_block_type import SlackBlockType
from .slack_message import SlackMessage
from .slack_text import SlackText
from .slot_doc import SlotDoc
from .spectated_player import SpectatedPlayer
from .spectator_read import SpectatorRead
from .spectator_summary import SpectatorSummary
from .spectator_view import SpectatorView
from .stake_data import StakeData
from .stake_read import StakeRead
from .stake_taken_data import StakeTakenData
from .stake_taken_summary_event import StakeTakenSummaryEvent
from .stake_taken_summary_event_texts_type_0 import StakeTakenSummaryEventTextsType0
from .stake_won_summary_event import StakeWonSummaryEvent
from .stake_won_summary_event_texts_type_0 import StakeWonSummaryEventTextsType0
from .standing_kind import StandingKind
from .standing_order_create import StandingOrderCreate
from .standing_order_data import StandingOrderData
from .standing_order_read import StandingOrderRead
from .standing_order_summary_event import StandingOrderSummaryEvent
from .standing_order_summary_event_texts_type_0 import StandingOrderSummaryEventTextsType0
from .standing_read import StandingRead
from .standings import Standings
from .state_export import StateExport
from .storm_rose_data import StormRoseData
from .storm_rose_summary_event import StormRoseSummaryEvent
from .storm_rose_summary_event_texts_type_0 import StormRoseSummaryEventTextsType0
from .storm_tile import StormTile
from .structure_abandoned_summary_event import StructureAbandonedSummaryEvent
from .structure_abandoned_summary_event_texts_type_0 import StructureAbandonedSummaryEventTextsType0
from .structure_captured_summary_event import StructureCapturedSummaryEvent
from .structure_captured_summary_event_texts_type_0 import StructureCapturedSummaryEventTextsType0
from .structure_changed_hands_data import StructureChangedHandsData
from .structure_data import StructureData
from .structure_destroyed_data import StructureDestroyedData
from .structure_destroyed_summary_event import StructureDestroyedSummaryEvent
from .structure_destroyed_summary_event_texts_type_0 import StructureDestroyedSummaryEventTextsType0
from .structure_kind import StructureKind
from .substitute_read import SubstituteRead
from .substitute_read_game_systems_item import SubstituteReadGameSystemsItem
from .substitute_write import SubstituteWrite
from .substitute_write_game_systems_item import SubstituteWriteGameSystemsItem
from .tag import Tag
from .terrain import Terrain
from .thread_unread import ThreadUnread
from .ticket_exchange import TicketExchange
from .tile_army import TileArmy
from .tile_doc import TileDoc
from .tile_panel import TilePanel
from .tile_ship import TileShip
from .tile_structure import TileStructure
from .token_create import TokenCreate
from .token_created import TokenCreated
from .token_kind import TokenKind
from .token_page import TokenPage
from .token_read import TokenRead
from .token_scope import TokenScope
from .trade_edict import TradeEdict
from .trade_route_lost_data import TradeRouteLostData
from .trade_route_lost_summary_event import TradeRouteLostSummaryEvent
from .trade_route_lost_summary_event_texts_type_0 import TradeRouteLostSummaryEventTextsType0
from .treaty_began_summary_event import TreatyBeganSummaryEvent
from .treaty_began_summary_event_texts_type_0 import TreatyBeganSummaryEventTextsType0
from .treaty_broken_payload import TreatyBrokenPayload
from .treaty_broken_server_sent_event import TreatyBrokenServerSentEvent
from .treaty_data import TreatyData
from .treaty_ended_summary_event import TreatyEndedSummaryEvent
from .treaty_ended_summary_event_texts_type_0 import TreatyEndedSummaryEventTextsType0
from .treaty_kind import TreatyKind
from .treaty_read import TreatyRead
from .treaty_status import TreatyStatus
from .turn_change_called_off_server_sent_event import TurnChangeCalledOffServerSentEvent
from .turn_change_page import TurnChangePage
from .turn_change_read import TurnChangeRead
from .turn_change_scheduled_payload import TurnChangeScheduledPayload
from .turn_change_scheduled_server_sent_event import TurnChangeScheduledServerSentEvent
from .turn_changed_payload import TurnChangedPayload
from .turn_changed_server_sent_event import TurnChangedServerSentEvent
from .turn_counts import TurnCounts
from .turn_export import TurnExport
from .turn_export_summaries import TurnExportSummaries
from .turn_forced_payload import TurnForcedPayload
from .turn_forced_server_sent_event import TurnForcedServerSentEvent
from .turn_payload import TurnPayload
from .turn_read import TurnRead
from .turn_rolled_back_server_sent_event import TurnRolledBackServerSentEvent
from .turn_schedule import TurnSchedule
from .turn_state import TurnState
from .turn_summary_read import TurnSummaryRead
from .unit_loss_export import UnitLossExport
from .unit_loss_read import UnitLossRead
from .unit_state import UnitState
from .unread_count import UnreadCount
from .upgrade_cancelled_data import UpgradeCancelledData
from .upgrade_cancelled_summary_event import UpgradeCancelledSummaryEvent
from .upgrade_cancelled_summary_event_texts_type_0 import UpgradeCancelledSummaryEventTextsType0
from .user_create import UserCreate
from .user_read import UserRead
from .user_read_language_type_0 import UserReadLanguageType0
from .user_report import UserReport
from .user_update import UserUpdate
from .user_update_language_type_0 import UserUpdateLanguageType0
from .vacation_ended_server_sent_event import VacationEndedServerSentEvent
from .vacation_payload import VacationPayload
from .vacation_read import VacationRead
from .vacation_start import VacationStart
from .vacation_started_server_sent_event import VacationStartedServerSentEvent
from .validation_error import ValidationError
from .validation_error_context import ValidationErrorContext
from .validation_error_item import ValidationErrorItem
from .validation_problem import ValidationProblem
from .vassal_offer import VassalOffer
from .vassalage_edict import VassalageEdict
from .veteran_battle_read import VeteranBattleRead
from .veteran_battle_read_result import VeteranBattleReadResult
from .veteran_battle_read_side import VeteranBattleReadSide
from .veteran_casualty import VeteranCasualty
from .veteran_opponent import VeteranOpponent
from .victory_counted_data import VictoryCountedData
from .victory_counted_summary_event import VictoryCountedSummaryEvent
from .victory_counted_summary_event_texts_type_0 import VictoryCountedSummaryEventTextsType0
from .visibility import Visibility
from .webhook_disabled_payload import WebhookDisabledPayload
from .webhook_disabled_server_sent_event import WebhookDisabledServerSentEvent
from .webhook_message import WebhookMessage
from .world_map import WorldMap
from .world_storm import WorldStorm
from .world_tile import WorldTile
from .wrap import Wrap
from .your_side import YourSide

__all__ = (
    "AbuseReportPage",
    "AbuseReportRead",
    "AbuseReportReceipt",
    "AccessToken",
    "AccountNoticePage",
    "AccountNoticeRead",
    "AccountNoticeReadKind",
    "AmendmentKind",
    "ArbitrateBody",
    "ArmyAdvancedSummaryEvent",
    "ArmyAdvancedSummaryEventTextsType0",
    "ArmyBattleExport",
    "ArmyBattleExportResult",
    "ArmyBattleExportSide",
    "ArmyCasualtyExport",
    "ArmyData",
    "ArmyDestroyedData",
    "ArmyDestroyedSummaryEvent",
    "ArmyDestroyedSummaryEventTextsType0",
    "ArmyList",
    "ArmyListReport",
    "ArmyMoveData",
    "ArmyMovedData",
    "ArmyMovedSummaryEvent",
    "ArmyMovedSummaryEventTextsType0",
    "ArmyRaisedData",
    "ArmyRaisedSummaryEvent",
    "ArmyRaisedSummaryEventTextsType0",
    "ArmyRetreatedSummaryEvent",
    "ArmyRetreatedSummaryEventTextsType0",
    "ArmySeatLostSummaryEvent",
    "ArmySeatLostSummaryEventTextsType0",
    "ArmyTierData",
    "ArmyTierLostSummaryEvent",
    "ArmyTierLostSummaryEventTextsType0",
    "ArmyUpgradedSummaryEvent",
    "ArmyUpgradedSummaryEventTextsType0",
    "ArmyWithdrewData",
    "ArmyWithdrewSummaryEvent",
    "ArmyWithdrewSummaryEventTextsType0",
    "AuditAction",
    "AuditEntry",
    "AuditPage",
    "AuthorizationRedirect",
    "BattleAbandonedServerSentEvent",
    "BattleCancelledServerSentEvent",
    "BattleCancelledSummaryEvent",
    "BattleCancelledSummaryEventTextsType0",
    "BattleClosedPayload",
    "BattleConfirmedServerSentEvent",
    "BattleCounts",
    "BattleData",
    "BattleDateAgreedPayload",
    "BattleDateAgreedServerSentEvent",
    "BattleDateProposedPayload",
    "BattleDateProposedPayloadSide",
    "BattleDateProposedServerSentEvent",
    "BattleDeclaredPayload",
    "BattleDeclaredServerSentEvent",
    "BattleKind",
    "BattlePack",
    "BattlePackYourSideType0",
    "BattlePage",
    "BattlePlayer",
    "BattleRead",
    "BattleRejectedPayload",
    "BattleRejectedServerSentEvent",
    "BattleReportEditedPayload",
    "BattleReportEditedServerSentEvent",
    "BattleReportedPayload",
    "BattleReportedServerSentEvent",
    "BattleResolvedData",
    "BattleResolvedSummaryEvent",
    "BattleResolvedSummaryEventTextsType0",
    "BattleRosterRead",
    "BattleRosterReadSide",
    "BattleSideRead",
    "BattlesReadPackPdfPaper",
    "BattleStatus",
    "BotSet",
    "BuildCancelledData",
    "BuildCancelledSummaryEvent",
    "BuildCancelledSummaryEventTextsType0",
    "BuildCreate",
    "BuildDoneData",
    "BuildKind",
    "BuildOption",
    "CalendarFeedCreated",
    "CalendarFeedRead",
    "CampaignCreate",
    "CampaignExport",
    "CampaignHeader",
    "CampaignImport",
    "CampaignImportSeats",
    "CampaignPage",
    "CampaignPausedServerSentEvent",
    "CampaignRead",
    "CampaignRef",
    "CampaignRename",
    "CampaignReport",
    "CampaignResumedServerSentEvent",
    "CampaignSettings",
    "CampaignSettingsGameSystem",
    "CampaignStatus",
    "CampaignUpdate",
    "CapitalRepulsedSummaryEvent",
    "CapitalRepulsedSummaryEventTextsType0",
    "CapturedGeneral",
    "CasualtyLine",
    "ChartPoint",
    "Charts",
    "CityBesiegedData",
    "CityBesiegedSummaryEvent",
    "CityBesiegedSummaryEventTextsType0",
    "CityFoundedSummaryEvent",
    "CityFoundedSummaryEventTextsType0",
    "CityLevelLostData",
    "CityLevelLostSummaryEvent",
    "CityLevelLostSummaryEventTextsType0",
    "CityUpgradedSummaryEvent",
    "CityUpgradedSummaryEventTextsType0",
    "CivilDisorderEndedServerSentEvent",
    "CivilDisorderServerSentEvent",
    "Correspondent",
    "CurrentExport",
    "DeadlineExtendedServerSentEvent",
    "DeadlineExtension",
    "DeadlineNearPayload",
    "DeadlineNearServerSentEvent",
    "DeadlinesPayload",
    "DeliveryPage",
    "DeliveryRead",
    "DeliveryStatus",
    "Difficulty",
    "DiplomaticEdict",
    "DiplomaticEdictKind",
    "DiscordAllowedMentions",
    "DiscordDiscordInteractionBody",
    "DiscordEmbed",
    "DiscordField",
    "DiscordLinkCodeCreated",
    "DiscordLinkRead",
    "DiscordMessage",
    "DisembarkedSummaryEvent",
    "DisembarkedSummaryEventTextsType0",
    "EdictAnsweredPayload",
    "EdictAnsweredServerSentEvent",
    "EdictExpiredData",
    "EdictExpiredSummaryEvent",
    "EdictExpiredSummaryEventTextsType0",
    "EdictKind",
    "EdictPage",
    "EdictRead",
    "EdictReceivedPayload",
    "EdictReceivedServerSentEvent",
    "EdictStatus",
    "Effect",
    "EmailAddressRead",
    "EmailAddressSet",
    "EmbarkedSummaryEvent",
    "EmbarkedSummaryEventTextsType0",
    "EncounterData",
    "EncounterSummaryEvent",
    "EncounterSummaryEventTextsType0",
    "EndpointCreate",
    "EndpointCreated",
    "EndpointFormat",
    "EndpointRead",
    "EndpointScope",
    "EndpointUpdate",
    "EventKind",
    "ExplorationEdict",
    "ExploredData",
    "ExploredSummaryEvent",
    "ExploredSummaryEventTextsType0",
    "ExportedArmiesRow",
    "ExportedBattlesRow",
    "ExportedBattlesRowStatus",
    "ExportedEdictsRow",
    "ExportedEdictsRowKind",
    "ExportedEdictsRowStatus",
    "ExportedGeneralsRow",
    "ExportedHouseRule",
    "ExportedHouseRuleChange",
    "ExportedHouseRuleChangeAction",
    "ExportedHouseRuleKind",
    "ExportedMessage",
    "ExportedOrderRow",
    "ExportedOrderRowKind",
    "ExportedPendingSummaryEventsRow",
    "ExportedPlayerState",
    "ExportedSeat",
    "ExportedShipsRow",
    "ExportedSiegesRow",
    "ExportedStakesRow",
    "ExportedStandingOrdersRow",
    "ExportedStandingOrdersRowKind",
    "ExportedStructuresRow",
    "ExportedTreatiesRow",
    "ExportedWorld",
    "FactionActionStatus",
    "FactionName",
    "Fate",
    "FieldedRosterExport",
    "FieldedRosterExportSide",
    "FieldedShapeExport",
    "ForecastLine",
    "ForecastRead",
    "GeneralAssign",
    "GeneralCapturedData",
    "GeneralCapturedSummaryEvent",
    "GeneralCapturedSummaryEventTextsType0",
    "GeneralFreedData",
    "GeneralFreedSummaryEvent",
    "GeneralFreedSummaryEventTextsType0",
    "GeneralList",
    "GeneralRead",
    "GeneratedMap",
    "GeneratedMapWrap",
    "GiftEdict",
    "GoldData",
    "GoldSummaryEvent",
    "GoldSummaryEventTextsType0",
    "HaltedData",
    "HaltedSummaryEvent",
    "HaltedSummaryEventTextsType0",
    "Handover",
    "Health",
    "HeldPrisoner",
    "HolderRead",
    "HouseRuleAction",
    "HouseRuleChangePage",
    "HouseRuleChangeRead",
    "HouseRuleChangeReadAfterType0",
    "HouseRuleChangeReadBeforeType0",
    "HouseRuleCreate",
    "HouseRuleRead",
    "HouseRules",
    "HouseRuleUpdate",
    "HTTPValidationError",
    "IdentityList",
    "IdentityRead",
    "ImportedCampaign",
    "InboxItemRead",
    "InboxMarked",
    "InboxPage",
    "InsolventData",
    "InsolventSummaryEvent",
    "InsolventSummaryEventTextsType0",
    "InteractionResponse",
    "InteractionResponseDataType0",
    "Joiner",
    "JoinRequest",
    "JoinRequestCreate",
    "JoinRequestRead",
    "KeptReason",
    "KeptReasonParams",
    "KeptReasonParamsKeptReasonParamText",
    "KeptReasonParamsKeptReasonParamTextParams",
    "KeptText",
    "KeptTextParams",
    "KindChannels",
    "KindChannelsEmail",
    "KindChannelsInbox",
    "KindChannelsPush",
    "KindChannelsWebhook",
    "LeaderSet",
    "LedgerEntryRead",
    "LedgerLine",
    "LedgerPage",
    "LinkStart",
    "ListedUser",
    "ListedUserPage",
    "LobbiesListLobbiesGameSystemType0",
    "LobbyOptions",
    "LobbyPage",
    "LobbyRead",
    "LobbyReadGameSystem",
    "LoginForm",
    "MapDocument",
    "MapDocumentWrap",
    "MapPage",
    "MapRead",
    "MapReadDocument",
    "MapSummary",
    "MeRead",
    "MessageCreate",
    "MessagePage",
    "MessageRead",
    "MessageReceivedPayload",
    "MessageReceivedServerSentEvent",
    "MessageReport",
    "MessageThread",
    "MessageThreads",
    "ModeratedUser",
    "ModerationReason",
    "MoveRead",
    "MoveSet",
    "MyArmy",
    "MyGeneral",
    "NotificationData",
    "NotificationKind",
    "NotificationPreferences",
    "NotificationPreferencesKinds",
    "OfferedSeat",
    "OfferedSeatPage",
    "OpenBecause",
    "OpenSeat",
    "OrderKind",
    "OrderRead",
    "OtherArmy",
    "Outcome",
    "OutpostBuiltSummaryEvent",
    "OutpostBuiltSummaryEventTextsType0",
    "OwnerBecameGameMasterServerSentEvent",
    "OwnersJoinRequestRead",
    "PackArmy",
    "PackField",
    "PackKind",
    "PackPiece",
    "PackScenario",
    "PackSide",
    "PackSideSide",
    "PackStakes",
    "PackTable",
    "PackZone",
    "PackZoneSide",
    "PasswordChange",
    "PasswordResetAccepted",
    "PasswordResetConfirm",
    "PasswordResetRequest",
    "PathCutData",
    "PathCutSummaryEvent",
    "PathCutSummaryEventTextsType0",
    "PendingBuild",
    "PendingMove",
    "PendingMoveOrder",
    "PendingOrders",
    "PendingRaise",
    "PendingRecruit",
    "PendingUpgrade",
    "Personality",
    "PieceKind",
    "PillageWonSummaryEvent",
    "PillageWonSummaryEventTextsType0",
    "PlayByDate",
    "PlayByProposalRead",
    "PlayByProposalReadSide",
    "PlayerChart",
    "PlayerChoice",
    "PlayerRead",
    "PlayerReadyPayload",
    "PlayerReadyServerSentEvent",
    "PlayerStatusPayload",
    "PlayerStatusServerSentEvent",
    "PlayerStatusUpdate",
    "PortBuiltSummaryEvent",
    "PortBuiltSummaryEventTextsType0",
    "Problem",
    "ProblemCode",
    "ProviderRead",
    "PushKey",
    "PushKeys",
    "PushSubscriptionCreate",
    "PushSubscriptionList",
    "PushSubscriptionRead",
    "RaiseCancelledData",
    "RaiseCancelledSummaryEvent",
    "RaiseCancelledSummaryEventTextsType0",
    "RaiseCreate",
    "ReachableTile",
    "ReadMark",
    "ReadyPlayer",
    "ReconnectionDelay",
    "RejectBody",
    "ReleasePrisonerEdict",
    "ReliabilityRead",
    "ReportCreate",
    "ReportedSide",
    "ReportKind",
    "ReportRead",
    "RollbackExport",
    "RollbackExportSummaries",
    "RollbackPage",
    "RollbackRead",
    "RosterCheckRead",
    "RosterExport",
    "RosterFormat",
    "RosterRead",
    "RostersExport",
    "RosterUnitExport",
    "RosterUnitRead",
    "RosterUpload",
    "RulesetDocument",
    "RulesetVariant",
    "RulesetVariantBattlesVariant",
    "RulesetVariantBuildCostsVariant",
    "RulesetVariantDiplomacyVariant",
    "RulesetVariantFactionDocument",
    "RulesetVariantFactionDocumentFactionActionDocument",
    "RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocument",
    "RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocumentIncomeBasis",
    "RulesetVariantFactionDocumentFactionActionDocumentIncomeBonusDocumentTerrainsItem",
    "RulesetVariantFactionDocumentFactionActionDocumentUpkeepReductionDocument",
    "RulesetVariantFactionDocumentIncomeBonusDocument",
    "RulesetVariantFactionDocumentIncomeBonusDocumentIncomeBasis",
    "RulesetVariantFactionDocumentIncomeBonusDocumentTerrainsItem",
    "RulesetVariantFactionDocumentTerrainModifiers",
    "RulesetVariantFactionDocumentUpkeepReductionDocument",
    "RulesetVariantFactionsType1",
    "RulesetVariantFactionsType1FactionVariant",
    "RulesetVariantFactionsType1FactionVariantFactionActionVariant",
    "RulesetVariantFactionsType1FactionVariantFactionActionVariantIncomeBonusDocument",
    "RulesetVariantFactionsType1FactionVariantFactionActionVariantIncomeBonusDocumentIncomeBasis",
    "RulesetVariantFactionsType1FactionVariantFactionActionVariantIncomeBonusDocumentTerrainsItem",
    "RulesetVariantFactionsType1FactionVariantFactionActionVariantUpkeepReductionDocument",
    "RulesetVariantFactionsType1FactionVariantIncomeBonusDocument",
    "RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentIncomeBasis",
    "RulesetVariantFactionsType1FactionVariantIncomeBonusDocumentTerrainsItem",
    "RulesetVariantFactionsType1FactionVariantTerrainModifiers",
    "RulesetVariantFactionsType1FactionVariantUpkeepReductionDocument",
    "RulesetVariantGameSystemDocument",
    "RulesetVariantGarrisonsVariant",
    "RulesetVariantIncomeVariant",
    "RulesetVariantMovementVariant",
    "RulesetVariantScoreVariant",
    "RulesetVariantTierDocument",
    "RulesetVariantTiersType1",
    "RuleViolationItem",
    "ScheduleEntry",
    "ScheduleEntryWeekdayType1",
    "Season",
    "SeatBotRead",
    "SeatHandedOverServerSentEvent",
    "SeatMissedPayload",
    "SeatOfferDeclinedPayload",
    "SeatOfferDeclinedServerSentEvent",
    "SeatOfferedPayload",
    "SeatOfferedServerSentEvent",
    "SeatOfferOrigin",
    "SeatOfferRead",
    "SeatStewardedServerSentEvent",
    "SeatTurnPayload",
    "SeenStructure",
    "ShipBoardingData",
    "ShipDestroyedData",
    "ShipDestroyedSummaryEvent",
    "ShipDestroyedSummaryEventTextsType0",
    "SideForcesRead",
    "SiegeContinuesData",
    "SiegeContinuesSummaryEvent",
    "SiegeContinuesSummaryEventTextsType0",
    "SiegeLiftedData",
    "SiegeLiftedSummaryEvent",
    "SiegeLiftedSummaryEventTextsType0",
    "SignUpCompletion",
    "Size",
    "SlackBlock",
    "SlackBlockType",
    "SlackMessage",
    "SlackText",
    "SlotDoc",
    "SpectatedPlayer",
    "SpectatorRead",
    "SpectatorSummary",
    "SpectatorView",
    "StakeData",
    "StakeRead",
    "StakeTakenData",
    "StakeTakenSummaryEvent",
    "StakeTakenSummaryEventTextsType0",
    "StakeWonSummaryEvent",
    "StakeWonSummaryEventTextsType0",
    "StandingKind",
    "StandingOrderCreate",
    "StandingOrderData",
    "StandingOrderRead",
    "StandingOrderSummaryEvent",
    "StandingOrderSummaryEventTextsType0",
    "StandingRead",
    "Standings",
    "StateExport",
    "StormRoseData",
    "StormRoseSummaryEvent",
    "StormRoseSummaryEventTextsType0",
    "StormTile",
    "StructureAbandonedSummaryEvent",
    "StructureAbandonedSummaryEventTextsType0",
    "StructureCapturedSummaryEvent",
    "StructureCapturedSummaryEventTextsType0",
    "StructureChangedHandsData",
    "StructureData",
    "StructureDestroyedData",
    "StructureDestroyedSummaryEvent",
    "StructureDestroyedSummaryEventTextsType0",
    "StructureKind",
    "SubstituteRead",
    "SubstituteReadGameSystemsItem",
    "SubstituteWrite",
    "SubstituteWriteGameSystemsItem",
    "Tag",
    "Terrain",
    "ThreadUnread",
    "TicketExchange",
    "TileArmy",
    "TileDoc",
    "TilePanel",
    "TileShip",
    "TileStructure",
    "TokenCreate",
    "TokenCreated",
    "TokenKind",
    "TokenPage",
    "TokenRead",
    "TokenScope",
    "TradeEdict",
    "TradeRouteLostData",
    "TradeRouteLostSummaryEvent",
    "TradeRouteLostSummaryEventTextsType0",
    "TreatyBeganSummaryEvent",
    "TreatyBeganSummaryEventTextsType0",
    "TreatyBrokenPayload",
    "TreatyBrokenServerSentEvent",
    "TreatyData",
    "TreatyEndedSummaryEvent",
    "TreatyEndedSummaryEventTextsType0",
    "TreatyKind",
    "TreatyRead",
    "TreatyStatus",
    "TurnChangeCalledOffServerSentEvent",
    "TurnChangedPayload",
    "TurnChangedServerSentEvent",
    "TurnChangePage",
    "TurnChangeRead",
    "TurnChangeScheduledPayload",
    "TurnChangeScheduledServerSentEvent",
    "TurnCounts",
    "TurnExport",
    "TurnExportSummaries",
    "TurnForcedPayload",
    "TurnForcedServerSentEvent",
    "TurnPayload",
    "TurnRead",
    "TurnRolledBackServerSentEvent",
    "TurnSchedule",
    "TurnState",
    "TurnSummaryRead",
    "UnitLossExport",
    "UnitLossRead",
    "UnitState",
    "UnreadCount",
    "UpgradeCancelledData",
    "UpgradeCancelledSummaryEvent",
    "UpgradeCancelledSummaryEventTextsType0",
    "UserCreate",
    "UserRead",
    "UserReadLanguageType0",
    "UserReport",
    "UserUpdate",
    "UserUpdateLanguageType0",
    "VacationEndedServerSentEvent",
    "VacationPayload",
    "VacationRead",
    "VacationStart",
    "VacationStartedServerSentEvent",
    "ValidationError",
    "ValidationErrorContext",
    "ValidationErrorItem",
    "ValidationProblem",
    "VassalageEdict",
    "VassalOffer",
    "VeteranBattleRead",
    "VeteranBattleReadResult",
    "VeteranBattleReadSide",
    "VeteranCasualty",
    "VeteranOpponent",
    "VictoryCountedData",
    "VictoryCountedSummaryEvent",
    "VictoryCountedSummaryEventTextsType0",
    "Visibility",
    "WebhookDisabledPayload",
    "WebhookDisabledServerSentEvent",
    "WebhookMessage",
    "WorldMap",
    "WorldStorm",
    "WorldTile",
    "Wrap",
    "YourSide",
)
