from enum import StrEnum


class SeatOfferOrigin(StrEnum):
    HANDOVER = "handover"
    IMPORT = "import"

    def __str__(self) -> str:
        return str(self.value)
