from enum import StrEnum


class EndpointFormat(StrEnum):
    DISCORD = "discord"
    JSON = "json"
    SLACK = "slack"

    def __str__(self) -> str:
        return str(self.value)
