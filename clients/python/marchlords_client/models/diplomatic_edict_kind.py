from enum import StrEnum


class DiplomaticEdictKind(StrEnum):
    ALLIANCE = "alliance"
    EMBASSY = "embassy"
    PACT = "pact"

    def __str__(self) -> str:
        return str(self.value)
