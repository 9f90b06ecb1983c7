from enum import StrEnum


class BattleReadYourSideType0(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    def __str__(self) -> str:
        return str(self.value)
