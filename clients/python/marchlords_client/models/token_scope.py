from enum import StrEnum


class TokenScope(StrEnum):
    ACCOUNT = "account"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
