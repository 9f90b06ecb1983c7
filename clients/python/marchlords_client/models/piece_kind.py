from enum import StrEnum


class PieceKind(StrEnum):
    BUILDING = "building"
    DUNES = "dunes"
    FIELDS = "fields"
    HILL = "hill"
    MARSH = "marsh"
    POND = "pond"
    ROCKS = "rocks"
    RUINS = "ruins"
    SEA = "sea"
    SHIP = "ship"
    TOWER = "tower"
    WALLS = "walls"
    WOOD = "wood"

    def __str__(self) -> str:
        return str(self.value)
