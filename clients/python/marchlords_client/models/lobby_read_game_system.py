from enum import StrEnum


class LobbyReadGameSystem(StrEnum):
    CUSTOM = "custom"
    KINGS_OF_WAR = "kings_of_war"
    NINTH_AGE = "ninth_age"
    OLD_WORLD = "old_world"
    WHFB8 = "whfb8"

    def __str__(self) -> str:
        return str(self.value)
