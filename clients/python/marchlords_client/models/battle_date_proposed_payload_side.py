from enum import StrEnum


class BattleDateProposedPayloadSide(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    def __str__(self) -> str:
        return str(self.value)
