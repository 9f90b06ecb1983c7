from enum import StrEnum


class VeteranBattleReadSide(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    def __str__(self) -> str:
        return str(self.value)
