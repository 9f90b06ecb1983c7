from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="UserReport")


@_attrs_define
class UserReport:
    """A user, by username (not yourself).

    Attributes:
        kind (Literal['user']):
        reason (str):
        username (str):
    """

    kind: Literal["user"]
    reason: str
    username: str

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        reason = self.reason

        username = self.username

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "reason": reason,
                "username": username,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["user"], d.pop("kind"))
        if kind != "user":
            raise ValueError(f"kind must match const 'user', got '{kind}'")

        reason = d.pop("reason")

        username = d.pop("username")

        user_report = cls(
            kind=kind,
            reason=reason,
            username=username,
        )

        return user_report
