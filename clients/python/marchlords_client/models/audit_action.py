from enum import StrEnum


class AuditAction(StrEnum):
    HIDE_MESSAGE = "hide_message"
    REINSTATE = "reinstate"
    RENAME_CAMPAIGN = "rename_campaign"
    RESOLVE_REPORT = "resolve_report"
    SUSPEND = "suspend"

    def __str__(self) -> str:
        return str(self.value)
