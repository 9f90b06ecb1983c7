from enum import StrEnum


class KindChannelsEmail(StrEnum):
    DIGEST = "digest"
    OFF = "off"
    ON = "on"

    def __str__(self) -> str:
        return str(self.value)
