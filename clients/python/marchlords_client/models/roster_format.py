from enum import StrEnum


class RosterFormat(StrEnum):
    NEW_RECRUIT = "new_recruit"
    OWB = "owb"
    ROSZ = "rosz"
    TEXT = "text"

    def __str__(self) -> str:
        return str(self.value)
