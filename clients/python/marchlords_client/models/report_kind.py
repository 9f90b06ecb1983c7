from enum import StrEnum


class ReportKind(StrEnum):
    ARMY_LIST = "army_list"
    CAMPAIGN = "campaign"
    MESSAGE = "message"
    USER = "user"

    def __str__(self) -> str:
        return str(self.value)
