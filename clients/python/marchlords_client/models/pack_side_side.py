from enum import StrEnum


class PackSideSide(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    def __str__(self) -> str:
        return str(self.value)
