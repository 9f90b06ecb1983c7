from enum import StrEnum


class BattlesReadPackPdfPaper(StrEnum):
    A4 = "a4"
    LETTER = "letter"

    def __str__(self) -> str:
        return str(self.value)
