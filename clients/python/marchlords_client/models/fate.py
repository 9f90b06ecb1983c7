from enum import StrEnum


class Fate(StrEnum):
    CAPTURE = "capture"
    DESTROY = "destroy"

    def __str__(self) -> str:
        return str(self.value)
