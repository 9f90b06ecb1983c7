from enum import StrEnum


class TreatyStatus(StrEnum):
    AGREED = "agreed"
    ENDING = "ending"
    IN_FORCE = "in_force"

    def __str__(self) -> str:
        return str(self.value)
