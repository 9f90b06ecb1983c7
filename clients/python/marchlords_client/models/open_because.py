from enum import StrEnum


class OpenBecause(StrEnum):
    CIVIL_DISORDER = "civil_disorder"
    OPENED_BY_OWNER = "opened_by_owner"

    def __str__(self) -> str:
        return str(self.value)
