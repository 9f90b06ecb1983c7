from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.house_rule_action import HouseRuleAction

if TYPE_CHECKING:
    from ..models.house_rule_change_read_after_type_0 import HouseRuleChangeReadAfterType0
    from ..models.house_rule_change_read_before_type_0 import HouseRuleChangeReadBeforeType0


T = TypeVar("T", bound="HouseRuleChangeRead")


@_attrs_define
class HouseRuleChangeRead:
    """One change to the house rules: who, when, and the amendment before and after.

    Attributes:
        action (HouseRuleAction):
        after (HouseRuleChangeReadAfterType0 | None):
        at (datetime.datetime):
        author (str): The author's name, or "Owner" while anonymity hides it.
        before (HouseRuleChangeReadBeforeType0 | None):
        by_you (bool):
        id (int):
        rule_id (int):
    """

    action: HouseRuleAction
    after: HouseRuleChangeReadAfterType0 | None
    at: datetime.datetime
    author: str
    before: HouseRuleChangeReadBeforeType0 | None
    by_you: bool
    id: int
    rule_id: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.house_rule_change_read_after_type_0 import HouseRuleChangeReadAfterType0  # noqa: PLC0415
        from ..models.house_rule_change_read_before_type_0 import HouseRuleChangeReadBeforeType0  # noqa: PLC0415

        action = self.action.value

        after: dict[str, Any] | None
        if isinstance(self.after, HouseRuleChangeReadAfterType0):
            after = self.after.to_dict()
        else:
            after = self.after

        at = self.at.isoformat()

        author = self.author

        before: dict[str, Any] | None
        if isinstance(self.before, HouseRuleChangeReadBeforeType0):
            before = self.before.to_dict()
        else:
            before = self.before

        by_you = self.by_you

        id = self.id

        rule_id = self.rule_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action": action,
                "after": after,
                "at": at,
                "author": author,
                "before": before,
                "by_you": by_you,
                "id": id,
                "rule_id": rule_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.house_rule_change_read_after_type_0 import HouseRuleChangeReadAfterType0  # noqa: PLC0415
        from ..models.house_rule_change_read_before_type_0 import HouseRuleChangeReadBeforeType0  # noqa: PLC0415

        d = dict(src_dict)
        action = HouseRuleAction(d.pop("action"))

        def _parse_after(data: object) -> HouseRuleChangeReadAfterType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                after_type_0 = HouseRuleChangeReadAfterType0.from_dict(data)

                return after_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HouseRuleChangeReadAfterType0 | None, data)

        after = _parse_after(d.pop("after"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        author = d.pop("author")

        def _parse_before(data: object) -> HouseRuleChangeReadBeforeType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                before_type_0 = HouseRuleChangeReadBeforeType0.from_dict(data)

                return before_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HouseRuleChangeReadBeforeType0 | None, data)

        before = _parse_before(d.pop("before"))

        by_you = d.pop("by_you")

        id = d.pop("id")

        rule_id = d.pop("rule_id")

        house_rule_change_read = cls(
            action=action,
            after=after,
            at=at,
            author=author,
            before=before,
            by_you=by_you,
            id=id,
            rule_id=rule_id,
        )

        house_rule_change_read.additional_properties = d
        return house_rule_change_read

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
