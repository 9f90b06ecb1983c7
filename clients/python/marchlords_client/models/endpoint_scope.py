from enum import StrEnum


class EndpointScope(StrEnum):
    CAMPAIGN = "campaign"
    PERSONAL = "personal"

    def __str__(self) -> str:
        return str(self.value)
