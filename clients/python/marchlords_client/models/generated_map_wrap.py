from enum import StrEnum


class GeneratedMapWrap(StrEnum):
    HORIZONTAL = "horizontal"
    NONE = "none"
    TORUS = "torus"

    def __str__(self) -> str:
        return str(self.value)
