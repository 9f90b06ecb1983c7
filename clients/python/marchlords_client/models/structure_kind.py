from enum import StrEnum


class StructureKind(StrEnum):
    CITY = "city"
    OUTPOST = "outpost"
    PORT = "port"

    def __str__(self) -> str:
        return str(self.value)
