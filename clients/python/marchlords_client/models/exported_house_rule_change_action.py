from enum import StrEnum


class ExportedHouseRuleChangeAction(StrEnum):
    CREATE = "create"
    DELETE = "delete"
    UPDATE = "update"

    def __str__(self) -> str:
        return str(self.value)
