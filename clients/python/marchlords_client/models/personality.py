from enum import StrEnum


class Personality(StrEnum):
    BUILDER = "builder"
    RAIDER = "raider"
    TURTLE = "turtle"

    def __str__(self) -> str:
        return str(self.value)
