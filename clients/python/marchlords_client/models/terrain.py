from enum import StrEnum


class Terrain(StrEnum):
    CITY = "city"
    COAST = "coast"
    DESERT = "desert"
    FOREST = "forest"
    MARSH = "marsh"
    MOUNTAIN = "mountain"
    OASIS = "oasis"
    PLAIN = "plain"
    PORT = "port"
    SEA = "sea"

    def __str__(self) -> str:
        return str(self.value)
