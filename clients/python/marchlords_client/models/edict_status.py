from enum import StrEnum


class EdictStatus(StrEnum):
    ACCEPTED = "accepted"
    DONE = "done"
    EXPIRED = "expired"
    PENDING = "pending"
    PROPOSED = "proposed"
    REFUSED = "refused"
    WITHDRAWN = "withdrawn"

    def __str__(self) -> str:
        return str(self.value)
