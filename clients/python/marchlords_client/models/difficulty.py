from enum import StrEnum


class Difficulty(StrEnum):
    EASY = "easy"
    NORMAL = "normal"

    def __str__(self) -> str:
        return str(self.value)
