"""The app's own event kinds, and the one wire vocabulary they form with the engine's.

The engine (`app.rules.state.EventKind`) names what a turn change does. The app adds the lines
it writes into turn summaries itself (a player's gold line, standing orders) and the live
events it publishes (the stream, webhooks' triggers). Values never collide: one snake_case
vocabulary reaches clients (the contract's `EventKind`).
"""

from enum import StrEnum

from app.rules.state import EventKind


class AppEventKind(StrEnum):
    """What the app (not `resolve_turn`) says happened."""

    # Summary lines the app writes (R-ECO-6, R-TURN-8)
    GOLD = "gold"  # a player's own gold line, closing their summary (R-ECO-6)
    # A standing order given (or skipped, and why) at the turn change; summary only.
    STANDING_ORDER = "standing_order"
    # Diplomacy and messages, live (R-DIP)
    TREATY_BROKEN = "treaty_broken"
    EDICT_RECEIVED = "edict_received"
    EDICT_ANSWERED = "edict_answered"
    MESSAGE_RECEIVED = "message_received"
    # The turn, battles' reports and deadlines, live (R-TURN, R-BAT-5)
    PLAYER_READY = "player_ready"
    TURN_CHANGED = "turn_changed"
    TURN_FORCED = "turn_forced"
    TURN_ROLLED_BACK = "turn_rolled_back"  # the owner undid the last change (R-TURN-6)
    BATTLE_DECLARED = "battle_declared"
    BATTLE_REPORTED = "battle_reported"
    BATTLE_REJECTED = "battle_rejected"
    BATTLE_CONFIRMED = "battle_confirmed"
    BATTLE_ABANDONED = "battle_abandoned"
    PLAYER_STATUS = "player_status"
    WEBHOOK_DISABLED = "webhook_disabled"  # to its owner: their endpoint failed too often
    CAMPAIGN_PAUSED = "campaign_paused"
    CAMPAIGN_RESUMED = "campaign_resumed"
    DEADLINE_EXTENDED = "deadline_extended"
    DEADLINE_NEAR = "deadline_near"
    # Battle dates and report edits (R-BAT-8, R-BAT-10)
    BATTLE_DATE_PROPOSED = "battle_date_proposed"
    BATTLE_DATE_AGREED = "battle_date_agreed"
    BATTLE_REPORT_EDITED = "battle_report_edited"
    # Seats, stewards, vacations and the grace period (R-CAMP-6/7/8, R-TURN-7)
    SEAT_OFFERED = "seat_offered"
    SEAT_HANDED_OVER = "seat_handed_over"
    SEAT_OFFER_DECLINED = "seat_offer_declined"  # to the offer's maker and the seat (R-CAMP-6)
    # The owner's own seat went to another user: the owner is the game master from now on
    # and sees everything, so every player is told (R-FOG-5, R-CAMP-6).
    OWNER_BECAME_GAME_MASTER = "owner_became_game_master"
    SEAT_STEWARDED = "seat_stewarded"
    # R-CAMP-10: a seat falls into civil disorder, and comes back from it.
    CIVIL_DISORDER = "civil_disorder"
    CIVIL_DISORDER_ENDED = "civil_disorder_ended"
    VACATION_STARTED = "vacation_started"
    VACATION_ENDED = "vacation_ended"
    TURN_CHANGE_SCHEDULED = "turn_change_scheduled"
    TURN_CHANGE_CALLED_OFF = "turn_change_called_off"


# Any event kind, the engine's or the app's.
AnyEventKind = EventKind | AppEventKind

# The whole wire vocabulary, the engine's kinds first (the contract's `EventKind` enum).
ALL_KINDS: tuple[AnyEventKind, ...] = (*EventKind, *AppEventKind)
_BY_VALUE: dict[str, AnyEventKind] = {k.value: k for k in ALL_KINDS}


def event_kind(value: str) -> AnyEventKind:
    """The kind named `value` (ValueError if none is)."""
    try:
        return _BY_VALUE[value]
    except KeyError:
        raise ValueError(f"{value!r} is not an event kind") from None
