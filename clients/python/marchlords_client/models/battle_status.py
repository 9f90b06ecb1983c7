from enum import StrEnum


class BattleStatus(StrEnum):
    ABANDONED = "abandoned"
    AWAITING_REPORT = "awaiting_report"
    CANCELLED = "cancelled"
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    REPORTED = "reported"

    def __str__(self) -> str:
        return str(self.value)
