from enum import StrEnum


class MapDocumentWrap(StrEnum):
    HORIZONTAL = "horizontal"
    NONE = "none"
    TORUS = "torus"

    def __str__(self) -> str:
        return str(self.value)
