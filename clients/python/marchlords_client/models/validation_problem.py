from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rule_violation_item import RuleViolationItem
    from ..models.validation_error_item import ValidationErrorItem


T = TypeVar("T", bound="ValidationProblem")


@_attrs_define
class ValidationProblem:
    """422 problem for malformed requests, listing every invalid field.

    Attributes:
        code (Literal['validation_error']): Always `validation_error`.
        detail (str):
        errors (list[ValidationErrorItem]):
        status (int):
        title (str):
        type_ (str):
        help_ (None | str | Unset): For a rule id `code`: where the players' rulebook, served by this server, explains
            the rule, in the problem's language (`/rules#R-…`, `/rules/fr#R-…` in French): an absolute path, resolved
            against the server's origin.
        instance (None | str | Unset): Path of the failed request.
        violations (list[RuleViolationItem] | None | Unset): For a rule id `code`: everything the rule refused, each
            with the `rule` broken (an order) or the `path` of the fault (a document); may be absent.
    """

    code: Literal["validation_error"]
    detail: str
    errors: list[ValidationErrorItem]
    status: int
    title: str
    type_: str
    help_: None | str | Unset = UNSET
    instance: None | str | Unset = UNSET
    violations: list[RuleViolationItem] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        detail = self.detail

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)

        status = self.status

        title = self.title

        type_ = self.type_

        help_: None | str | Unset
        if isinstance(self.help_, Unset):
            help_ = UNSET
        else:
            help_ = self.help_

        instance: None | str | Unset
        if isinstance(self.instance, Unset):
            instance = UNSET
        else:
            instance = self.instance

        violations: list[dict[str, Any]] | None | Unset
        if isinstance(self.violations, Unset):
            violations = UNSET
        elif isinstance(self.violations, list):
            violations = []
            for violations_type_0_item_data in self.violations:
                violations_type_0_item = violations_type_0_item_data.to_dict()
                violations.append(violations_type_0_item)

        else:
            violations = self.violations

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "detail": detail,
                "errors": errors,
                "status": status,
                "title": title,
                "type": type_,
            }
        )
        if help_ is not UNSET:
            field_dict["help"] = help_
        if instance is not UNSET:
            field_dict["instance"] = instance
        if violations is not UNSET:
            field_dict["violations"] = violations

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_violation_item import RuleViolationItem  # noqa: PLC0415
        from ..models.validation_error_item import ValidationErrorItem  # noqa: PLC0415

        d = dict(src_dict)
        code = cast(Literal["validation_error"], d.pop("code"))
        if code != "validation_error":
            raise ValueError(f"code must match const 'validation_error', got '{code}'")

        detail = d.pop("detail")

        errors = []
        _errors = d.pop("errors")
        for errors_item_data in _errors:
            errors_item = ValidationErrorItem.from_dict(errors_item_data)

            errors.append(errors_item)

        status = d.pop("status")

        title = d.pop("title")

        type_ = d.pop("type")

        def _parse_help_(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        help_ = _parse_help_(d.pop("help", UNSET))

        def _parse_instance(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        instance = _parse_instance(d.pop("instance", UNSET))

        def _parse_violations(data: object) -> list[RuleViolationItem] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                violations_type_0 = []
                _violations_type_0 = data
                for violations_type_0_item_data in _violations_type_0:
                    violations_type_0_item = RuleViolationItem.from_dict(violations_type_0_item_data)

                    violations_type_0.append(violations_type_0_item)

                return violations_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RuleViolationItem] | None | Unset, data)

        violations = _parse_violations(d.pop("violations", UNSET))

        validation_problem = cls(
            code=code,
            detail=detail,
            errors=errors,
            status=status,
            title=title,
            type_=type_,
            help_=help_,
            instance=instance,
            violations=violations,
        )

        validation_problem.additional_properties = d
        return validation_problem

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
