from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.campaign_settings_game_system import CampaignSettingsGameSystem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.turn_schedule import TurnSchedule


T = TypeVar("T", bound="CampaignSettings")


@_attrs_define
class CampaignSettings:
    """Campaign options (R-CAMP, R-OPT); all optional with sensible defaults.

    Attributes:
        anonymity (bool | Unset): R-CAMP-5: players shown as Player A… Default: False.
        auto_resolve (bool | Unset): Change the turn as soon as the last player is ready. Default: False.
        battle_auto_confirm_hours (int | None | Unset): R-BAT-9: hours after which a report the other side neither
            confirmed nor rejected confirms itself (the clock restarts when it is edited); 0 or unset: never.
        battle_deadline_hours (int | None | Unset): R-TURN-3: hours to report and confirm a battle after it is declared.
        bot_battles_by_points (bool | Unset): R-BOT-8: a battle between bots only is decided at once, at the turn change
            that declares it, by the points rule; off: it waits for the owner's ruling (R-BAT-5) or its deadline like any
            battle. Default: False.
        civil_disorder_after_missed (int | None | Unset): R-CAMP-10: a seat that misses this many turn deadlines in a
            row falls into civil disorder (counts as ready, never blocks the turn) until its holder acts again; unset:
            never.
        concealment (bool | Unset): R-OPT-3: an army in forest (75 %) or marsh (90 %) may stay hidden from players with
            nothing of theirs next to it. Default: False.
        cover (bool | Unset): R-OPT-4: cover (forest, mountain, marsh) and the `entrench` order reduce the attacker's
            points in a battle at a tile the defender holds. Default: False.
        custom_coefficient_pct (int | None | Unset): R-SYS: points coefficient ×100 for 'custom'.
        deadline_auto_change (bool | Unset): Change the turn by itself when the turn deadline passes. Default: False.
        game_system (CampaignSettingsGameSystem | Unset):  Default: CampaignSettingsGameSystem.OLD_WORLD.
        grace_minutes (int | Unset): R-TURN-7: with auto_resolve, minutes the change waits after the last ready, during
            which anyone may withdraw it; 0: the change runs at once. Default: 0.
        max_players (int | Unset):  Default: 8.
        message_word_limit (int | None | Unset):
        public (bool | Unset): R-CAMP-11: the campaign is listed (GET /v1/lobbies): users ask to join its lobby, or for
            its open seats once it runs (R-CAMP-12), and the owner answers. Default: False.
        reminder_hours (int | None | Unset): Notifications: remind the players who have not acted this many hours before
            a turn or battle deadline (their personal webhooks); unset: no reminders.
        seasons (bool | Unset): R-OPT-1: winter slows land moves. Default: False.
        spectator_delay_turns (int | None | Unset): R-CAMP-13: a public campaign's spectators see its map and the public
            part of its summaries this many turns late (never live); unset: no spectators.
        steward_after_missed (int | None | Unset): R-CAMP-7: a seat that misses this many turn deadlines in a row
            becomes inactive (held by a steward); unset: never by itself.
        storms (bool | Unset): R-OPT-5: storms rise at sea at each turn change; an army aboard a ship inside one after
            moving loses a tier. Default: False.
        turn_deadline_hours (int | None | Unset): R-TURN-3: hours each turn lasts at most.
        turn_limit (int | None | Unset):
        turn_schedule (None | TurnSchedule | Unset): R-TURN-9: instead of `turn_deadline_hours`, each turn's deadline is
            the next scheduled weekly time (at least `min_turn_hours` away); not both.
        vacation_days (int | Unset): R-CAMP-8: days of vacation each seat may take. Default: 0.
    """

    anonymity: bool | Unset = False
    auto_resolve: bool | Unset = False
    battle_auto_confirm_hours: int | None | Unset = UNSET
    battle_deadline_hours: int | None | Unset = UNSET
    bot_battles_by_points: bool | Unset = False
    civil_disorder_after_missed: int | None | Unset = UNSET
    concealment: bool | Unset = False
    cover: bool | Unset = False
    custom_coefficient_pct: int | None | Unset = UNSET
    deadline_auto_change: bool | Unset = False
    game_system: CampaignSettingsGameSystem | Unset = CampaignSettingsGameSystem.OLD_WORLD
    grace_minutes: int | Unset = 0
    max_players: int | Unset = 8
    message_word_limit: int | None | Unset = UNSET
    public: bool | Unset = False
    reminder_hours: int | None | Unset = UNSET
    seasons: bool | Unset = False
    spectator_delay_turns: int | None | Unset = UNSET
    steward_after_missed: int | None | Unset = UNSET
    storms: bool | Unset = False
    turn_deadline_hours: int | None | Unset = UNSET
    turn_limit: int | None | Unset = UNSET
    turn_schedule: None | TurnSchedule | Unset = UNSET
    vacation_days: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        from ..models.turn_schedule import TurnSchedule  # noqa: PLC0415

        anonymity = self.anonymity

        auto_resolve = self.auto_resolve

        battle_auto_confirm_hours: int | None | Unset
        if isinstance(self.battle_auto_confirm_hours, Unset):
            battle_auto_confirm_hours = UNSET
        else:
            battle_auto_confirm_hours = self.battle_auto_confirm_hours

        battle_deadline_hours: int | None | Unset
        if isinstance(self.battle_deadline_hours, Unset):
            battle_deadline_hours = UNSET
        else:
            battle_deadline_hours = self.battle_deadline_hours

        bot_battles_by_points = self.bot_battles_by_points

        civil_disorder_after_missed: int | None | Unset
        if isinstance(self.civil_disorder_after_missed, Unset):
            civil_disorder_after_missed = UNSET
        else:
            civil_disorder_after_missed = self.civil_disorder_after_missed

        concealment = self.concealment

        cover = self.cover

        custom_coefficient_pct: int | None | Unset
        if isinstance(self.custom_coefficient_pct, Unset):
            custom_coefficient_pct = UNSET
        else:
            custom_coefficient_pct = self.custom_coefficient_pct

        deadline_auto_change = self.deadline_auto_change

        game_system: str | Unset = UNSET
        if not isinstance(self.game_system, Unset):
            game_system = self.game_system.value

        grace_minutes = self.grace_minutes

        max_players = self.max_players

        message_word_limit: int | None | Unset
        if isinstance(self.message_word_limit, Unset):
            message_word_limit = UNSET
        else:
            message_word_limit = self.message_word_limit

        public = self.public

        reminder_hours: int | None | Unset
        if isinstance(self.reminder_hours, Unset):
            reminder_hours = UNSET
        else:
            reminder_hours = self.reminder_hours

        seasons = self.seasons

        spectator_delay_turns: int | None | Unset
        if isinstance(self.spectator_delay_turns, Unset):
            spectator_delay_turns = UNSET
        else:
            spectator_delay_turns = self.spectator_delay_turns

        steward_after_missed: int | None | Unset
        if isinstance(self.steward_after_missed, Unset):
            steward_after_missed = UNSET
        else:
            steward_after_missed = self.steward_after_missed

        storms = self.storms

        turn_deadline_hours: int | None | Unset
        if isinstance(self.turn_deadline_hours, Unset):
            turn_deadline_hours = UNSET
        else:
            turn_deadline_hours = self.turn_deadline_hours

        turn_limit: int | None | Unset
        if isinstance(self.turn_limit, Unset):
            turn_limit = UNSET
        else:
            turn_limit = self.turn_limit

        turn_schedule: dict[str, Any] | None | Unset
        if isinstance(self.turn_schedule, Unset):
            turn_schedule = UNSET
        elif isinstance(self.turn_schedule, TurnSchedule):
            turn_schedule = self.turn_schedule.to_dict()
        else:
            turn_schedule = self.turn_schedule

        vacation_days = self.vacation_days

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if anonymity is not UNSET:
            field_dict["anonymity"] = anonymity
        if auto_resolve is not UNSET:
            field_dict["auto_resolve"] = auto_resolve
        if battle_auto_confirm_hours is not UNSET:
            field_dict["battle_auto_confirm_hours"] = battle_auto_confirm_hours
        if battle_deadline_hours is not UNSET:
            field_dict["battle_deadline_hours"] = battle_deadline_hours
        if bot_battles_by_points is not UNSET:
            field_dict["bot_battles_by_points"] = bot_battles_by_points
        if civil_disorder_after_missed is not UNSET:
            field_dict["civil_disorder_after_missed"] = civil_disorder_after_missed
        if concealment is not UNSET:
            field_dict["concealment"] = concealment
        if cover is not UNSET:
            field_dict["cover"] = cover
        if custom_coefficient_pct is not UNSET:
            field_dict["custom_coefficient_pct"] = custom_coefficient_pct
        if deadline_auto_change is not UNSET:
            field_dict["deadline_auto_change"] = deadline_auto_change
        if game_system is not UNSET:
            field_dict["game_system"] = game_system
        if grace_minutes is not UNSET:
            field_dict["grace_minutes"] = grace_minutes
        if max_players is not UNSET:
            field_dict["max_players"] = max_players
        if message_word_limit is not UNSET:
            field_dict["message_word_limit"] = message_word_limit
        if public is not UNSET:
            field_dict["public"] = public
        if reminder_hours is not UNSET:
            field_dict["reminder_hours"] = reminder_hours
        if seasons is not UNSET:
            field_dict["seasons"] = seasons
        if spectator_delay_turns is not UNSET:
            field_dict["spectator_delay_turns"] = spectator_delay_turns
        if steward_after_missed is not UNSET:
            field_dict["steward_after_missed"] = steward_after_missed
        if storms is not UNSET:
            field_dict["storms"] = storms
        if turn_deadline_hours is not UNSET:
            field_dict["turn_deadline_hours"] = turn_deadline_hours
        if turn_limit is not UNSET:
            field_dict["turn_limit"] = turn_limit
        if turn_schedule is not UNSET:
            field_dict["turn_schedule"] = turn_schedule
        if vacation_days is not UNSET:
            field_dict["vacation_days"] = vacation_days

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.turn_schedule import TurnSchedule  # noqa: PLC0415

        d = dict(src_dict)
        anonymity = d.pop("anonymity", UNSET)

        auto_resolve = d.pop("auto_resolve", UNSET)

        def _parse_battle_auto_confirm_hours(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        battle_auto_confirm_hours = _parse_battle_auto_confirm_hours(d.pop("battle_auto_confirm_hours", UNSET))

        def _parse_battle_deadline_hours(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        battle_deadline_hours = _parse_battle_deadline_hours(d.pop("battle_deadline_hours", UNSET))

        bot_battles_by_points = d.pop("bot_battles_by_points", UNSET)

        def _parse_civil_disorder_after_missed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        civil_disorder_after_missed = _parse_civil_disorder_after_missed(d.pop("civil_disorder_after_missed", UNSET))

        concealment = d.pop("concealment", UNSET)

        cover = d.pop("cover", UNSET)

        def _parse_custom_coefficient_pct(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        custom_coefficient_pct = _parse_custom_coefficient_pct(d.pop("custom_coefficient_pct", UNSET))

        deadline_auto_change = d.pop("deadline_auto_change", UNSET)

        _game_system = d.pop("game_system", UNSET)
        game_system: CampaignSettingsGameSystem | Unset
        if isinstance(_game_system, Unset):
            game_system = UNSET
        else:
            game_system = CampaignSettingsGameSystem(_game_system)

        grace_minutes = d.pop("grace_minutes", UNSET)

        max_players = d.pop("max_players", UNSET)

        def _parse_message_word_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        message_word_limit = _parse_message_word_limit(d.pop("message_word_limit", UNSET))

        public = d.pop("public", UNSET)

        def _parse_reminder_hours(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reminder_hours = _parse_reminder_hours(d.pop("reminder_hours", UNSET))

        seasons = d.pop("seasons", UNSET)

        def _parse_spectator_delay_turns(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        spectator_delay_turns = _parse_spectator_delay_turns(d.pop("spectator_delay_turns", UNSET))

        def _parse_steward_after_missed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        steward_after_missed = _parse_steward_after_missed(d.pop("steward_after_missed", UNSET))

        storms = d.pop("storms", UNSET)

        def _parse_turn_deadline_hours(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_deadline_hours = _parse_turn_deadline_hours(d.pop("turn_deadline_hours", UNSET))

        def _parse_turn_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turn_limit = _parse_turn_limit(d.pop("turn_limit", UNSET))

        def _parse_turn_schedule(data: object) -> None | TurnSchedule | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                turn_schedule_type_0 = TurnSchedule.from_dict(data)

                return turn_schedule_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TurnSchedule | Unset, data)

        turn_schedule = _parse_turn_schedule(d.pop("turn_schedule", UNSET))

        vacation_days = d.pop("vacation_days", UNSET)

        campaign_settings = cls(
            anonymity=anonymity,
            auto_resolve=auto_resolve,
            battle_auto_confirm_hours=battle_auto_confirm_hours,
            battle_deadline_hours=battle_deadline_hours,
            bot_battles_by_points=bot_battles_by_points,
            civil_disorder_after_missed=civil_disorder_after_missed,
            concealment=concealment,
            cover=cover,
            custom_coefficient_pct=custom_coefficient_pct,
            deadline_auto_change=deadline_auto_change,
            game_system=game_system,
            grace_minutes=grace_minutes,
            max_players=max_players,
            message_word_limit=message_word_limit,
            public=public,
            reminder_hours=reminder_hours,
            seasons=seasons,
            spectator_delay_turns=spectator_delay_turns,
            steward_after_missed=steward_after_missed,
            storms=storms,
            turn_deadline_hours=turn_deadline_hours,
            turn_limit=turn_limit,
            turn_schedule=turn_schedule,
            vacation_days=vacation_days,
        )

        return campaign_settings
