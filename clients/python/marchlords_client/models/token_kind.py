from enum import StrEnum


class TokenKind(StrEnum):
    PERSONAL = "personal"
    SESSION = "session"

    def __str__(self) -> str:
        return str(self.value)
