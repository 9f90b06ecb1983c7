from enum import StrEnum


class PackZoneSide(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    def __str__(self) -> str:
        return str(self.value)
