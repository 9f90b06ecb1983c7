from enum import StrEnum


class UserReadLanguageType0(StrEnum):
    EN = "en"
    FR = "fr"

    def __str__(self) -> str:
        return str(self.value)
