from enum import StrEnum


class VassalOffer(StrEnum):
    BECOME_VASSAL = "become_vassal"
    DEMAND_VASSAL = "demand_vassal"

    def __str__(self) -> str:
        return str(self.value)
