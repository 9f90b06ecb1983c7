from enum import StrEnum


class PackKind(StrEnum):
    FIELD = "field"
    LANDING = "landing"
    NAVAL = "naval"
    SALLY = "sally"
    SIEGE_ASSAULT = "siege_assault"

    def __str__(self) -> str:
        return str(self.value)
