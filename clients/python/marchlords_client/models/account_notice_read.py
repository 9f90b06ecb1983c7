from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.account_notice_read_kind import AccountNoticeReadKind

T = TypeVar("T", bound="AccountNoticeRead")


@_attrs_define
class AccountNoticeRead:
    """Something that happened to your account: a sign-in, a new token, a change of address.

    Attributes:
        created_at (datetime.datetime):
        id (int):
        kind (AccountNoticeReadKind):
        text (str): What happened, and what to do if it was not you.
    """

    created_at: datetime.datetime
    id: int
    kind: AccountNoticeReadKind
    text: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        id = self.id

        kind = self.kind.value

        text = self.text

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "kind": kind,
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = d.pop("id")

        kind = AccountNoticeReadKind(d.pop("kind"))

        text = d.pop("text")

        account_notice_read = cls(
            created_at=created_at,
            id=id,
            kind=kind,
            text=text,
        )

        account_notice_read.additional_properties = d
        return account_notice_read

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
