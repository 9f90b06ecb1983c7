from enum import StrEnum


class UserUpdateLanguageType0(StrEnum):
    EN = "en"
    FR = "fr"

    def __str__(self) -> str:
        return str(self.value)
