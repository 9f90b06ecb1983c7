from enum import StrEnum


class BuildKind(StrEnum):
    FOUND_CITY = "found_city"
    OUTPOST = "outpost"
    PORT = "port"
    UPGRADE_CITY = "upgrade_city"

    def __str__(self) -> str:
        return str(self.value)
