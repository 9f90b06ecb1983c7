from enum import StrEnum


class TreatyKind(StrEnum):
    ALLIANCE = "alliance"
    EMBASSY = "embassy"
    PACT = "pact"
    TRADE = "trade"
    VASSALAGE = "vassalage"

    def __str__(self) -> str:
        return str(self.value)
