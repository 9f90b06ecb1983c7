from enum import StrEnum


class Visibility(StrEnum):
    EXPLORED = "explored"
    UNEXPLORED = "unexplored"
    VISIBLE = "visible"

    def __str__(self) -> str:
        return str(self.value)
