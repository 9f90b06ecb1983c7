from enum import StrEnum


class ExportedStandingOrdersRowKind(StrEnum):
    ENTRENCH = "entrench"
    HOLD = "hold"
    IF_HOSTILE_NEAR = "if_hostile_near"
    RETURN_TO = "return_to"
    UPGRADE_ARMY = "upgrade_army"
    UPGRADE_CITY = "upgrade_city"

    def __str__(self) -> str:
        return str(self.value)
