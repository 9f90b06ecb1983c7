from enum import StrEnum


class UnitState(StrEnum):
    BELOW_HALF = "below_half"
    LOST = "lost"
    WHOLE = "whole"

    def __str__(self) -> str:
        return str(self.value)
