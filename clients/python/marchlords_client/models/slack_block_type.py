from enum import StrEnum


class SlackBlockType(StrEnum):
    CONTEXT = "context"
    SECTION = "section"

    def __str__(self) -> str:
        return str(self.value)
