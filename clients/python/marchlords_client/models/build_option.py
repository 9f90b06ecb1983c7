from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.build_kind import BuildKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="BuildOption")


@_attrs_define
class BuildOption:
    """Whether the viewer may order this build on the tile now, and why not.

    Attributes:
        allowed (bool):
        cost (int):
        kind (BuildKind):
        army_id (int | None | Unset): The army that would build it.
        reason (None | str | Unset):
        rule (None | str | Unset): Rule id of the first refusal.
    """

    allowed: bool
    cost: int
    kind: BuildKind
    army_id: int | None | Unset = UNSET
    reason: None | str | Unset = UNSET
    rule: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        allowed = self.allowed

        cost = self.cost

        kind = self.kind.value

        army_id: int | None | Unset
        if isinstance(self.army_id, Unset):
            army_id = UNSET
        else:
            army_id = self.army_id

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        rule: None | str | Unset
        if isinstance(self.rule, Unset):
            rule = UNSET
        else:
            rule = self.rule

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "allowed": allowed,
                "cost": cost,
                "kind": kind,
            }
        )
        if army_id is not UNSET:
            field_dict["army_id"] = army_id
        if reason is not UNSET:
            field_dict["reason"] = reason
        if rule is not UNSET:
            field_dict["rule"] = rule

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        allowed = d.pop("allowed")

        cost = d.pop("cost")

        kind = BuildKind(d.pop("kind"))

        def _parse_army_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        army_id = _parse_army_id(d.pop("army_id", UNSET))

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        def _parse_rule(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rule = _parse_rule(d.pop("rule", UNSET))

        build_option = cls(
            allowed=allowed,
            cost=cost,
            kind=kind,
            army_id=army_id,
            reason=reason,
            rule=rule,
        )

        build_option.additional_properties = d
        return build_option

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
