from enum import StrEnum


class Size(StrEnum):
    HUGE = "huge"
    LARGE = "large"
    MEDIUM = "medium"
    SMALL = "small"

    def __str__(self) -> str:
        return str(self.value)
