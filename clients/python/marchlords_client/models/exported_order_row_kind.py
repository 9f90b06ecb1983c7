from enum import StrEnum


class ExportedOrderRowKind(StrEnum):
    BUILD = "build"
    ENTRENCH = "entrench"
    FACTION_ACTION = "faction_action"
    MOVE = "move"
    RAISE = "raise"
    RECRUIT = "recruit"
    UPGRADE = "upgrade"

    def __str__(self) -> str:
        return str(self.value)
