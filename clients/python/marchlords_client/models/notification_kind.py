from enum import StrEnum


class NotificationKind(StrEnum):
    BATTLE_AWAITS_CONFIRMATION = "battle_awaits_confirmation"
    BATTLE_AWAITS_REPORT = "battle_awaits_report"
    CAMPAIGN_ENDED = "campaign_ended"
    CAMPAIGN_STARTED = "campaign_started"
    DEADLINE_REMINDER = "deadline_reminder"
    EDICT_AWAITS_ANSWER = "edict_awaits_answer"
    JOIN_ACCEPTED = "join_accepted"
    JOIN_DECLINED = "join_declined"
    JOIN_REQUESTED = "join_requested"
    LAST_NOT_READY = "last_not_ready"
    MESSAGE_RECEIVED = "message_received"
    PING = "ping"
    SEAT_OPEN = "seat_open"
    SUMMARY_READY = "summary_ready"
    TURN_STARTED = "turn_started"

    def __str__(self) -> str:
        return str(self.value)
