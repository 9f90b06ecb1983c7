from enum import StrEnum


class BattleKind(StrEnum):
    ASSAULT = "assault"
    FIELD = "field"
    NAVAL = "naval"
    SIEGE = "siege"

    def __str__(self) -> str:
        return str(self.value)
