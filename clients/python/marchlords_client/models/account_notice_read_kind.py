from enum import StrEnum


class AccountNoticeReadKind(StrEnum):
    ADDRESS_CHANGED = "address_changed"
    ADDRESS_RESTORED = "address_restored"
    NEW_SESSION = "new_session"
    NEW_TOKEN = "new_token"

    def __str__(self) -> str:
        return str(self.value)
