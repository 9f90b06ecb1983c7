from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RollbackRead")


@_attrs_define
class RollbackRead:
    """A turn change the owner rolled back (R-TURN-6); it stays in history here.

    Attributes:
        number (int): The turn whose change was rolled back.
        resolved_at (datetime.datetime): When the change had run.
        revision (int): 1 for the first rollback of that turn's change, 2…
        rolled_back_at (datetime.datetime):
    """

    number: int
    resolved_at: datetime.datetime
    revision: int
    rolled_back_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        resolved_at = self.resolved_at.isoformat()

        revision = self.revision

        rolled_back_at = self.rolled_back_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "resolved_at": resolved_at,
                "revision": revision,
                "rolled_back_at": rolled_back_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        resolved_at = datetime.datetime.fromisoformat(d.pop("resolved_at"))

        revision = d.pop("revision")

        rolled_back_at = datetime.datetime.fromisoformat(d.pop("rolled_back_at"))

        rollback_read = cls(
            number=number,
            resolved_at=resolved_at,
            revision=revision,
            rolled_back_at=rolled_back_at,
        )

        rollback_read.additional_properties = d
        return rollback_read

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
