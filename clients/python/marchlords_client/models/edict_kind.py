from enum import StrEnum


class EdictKind(StrEnum):
    ALLIANCE = "alliance"
    EMBASSY = "embassy"
    EXPLORATION = "exploration"
    GIFT = "gift"
    PACT = "pact"
    RELEASE_PRISONER = "release_prisoner"
    TRADE = "trade"
    VASSALAGE = "vassalage"

    def __str__(self) -> str:
        return str(self.value)
