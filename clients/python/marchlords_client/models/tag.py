from enum import StrEnum


class Tag(StrEnum):
    CITY_SITE = "city_site"
    COAST = "coast"

    def __str__(self) -> str:
        return str(self.value)
