from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.exported_house_rule_change_action import ExportedHouseRuleChangeAction

T = TypeVar("T", bound="ExportedHouseRuleChange")


@_attrs_define
class ExportedHouseRuleChange:
    """A change of a house rule.

    Attributes:
        action (ExportedHouseRuleChangeAction):
        after (Any | None):
        at (datetime.datetime):
        before (Any | None):
        id (int):
        rule_id (int):
    """

    action: ExportedHouseRuleChangeAction
    after: Any | None
    at: datetime.datetime
    before: Any | None
    id: int
    rule_id: int

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        after: Any | None
        after = self.after

        at = self.at.isoformat()

        before: Any | None
        before = self.before

        id = self.id

        rule_id = self.rule_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "after": after,
                "at": at,
                "before": before,
                "id": id,
                "rule_id": rule_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = ExportedHouseRuleChangeAction(d.pop("action"))

        def _parse_after(data: object) -> Any | None:
            if data is None:
                return data
            return cast(Any | None, data)

        after = _parse_after(d.pop("after"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        def _parse_before(data: object) -> Any | None:
            if data is None:
                return data
            return cast(Any | None, data)

        before = _parse_before(d.pop("before"))

        id = d.pop("id")

        rule_id = d.pop("rule_id")

        exported_house_rule_change = cls(
            action=action,
            after=after,
            at=at,
            before=before,
            id=id,
            rule_id=rule_id,
        )

        return exported_house_rule_change
