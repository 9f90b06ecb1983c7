from enum import StrEnum


class Outcome(StrEnum):
    ATTACKER_VICTORY = "attacker_victory"
    DEFENDER_VICTORY = "defender_victory"
    DRAW = "draw"

    def __str__(self) -> str:
        return str(self.value)
