from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.kept_reason_params_kept_reason_param_text import KeptReasonParamsKeptReasonParamText


T = TypeVar("T", bound="KeptReasonParams")


@_attrs_define
class KeptReasonParams:
    """Exactly the parameters the text's template names."""

    additional_properties: dict[str, int | KeptReasonParamsKeptReasonParamText | str] = _attrs_field(
        init=False, factory=dict
    )

    def to_dict(self) -> dict[str, Any]:
        from ..models.kept_reason_params_kept_reason_param_text import KeptReasonParamsKeptReasonParamText  # noqa: PLC0415

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            if isinstance(prop, KeptReasonParamsKeptReasonParamText):
                field_dict[prop_name] = prop.to_dict()
            else:
                field_dict[prop_name] = prop

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.kept_reason_params_kept_reason_param_text import KeptReasonParamsKeptReasonParamText  # noqa: PLC0415

        d = dict(src_dict)
        kept_reason_params = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():

            def _parse_additional_property(data: object) -> int | KeptReasonParamsKeptReasonParamText | str:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    additional_property_kept_reason_param_text = KeptReasonParamsKeptReasonParamText.from_dict(data)

                    return additional_property_kept_reason_param_text
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(int | KeptReasonParamsKeptReasonParamText | str, data)

            additional_property = _parse_additional_property(prop_dict)

            additional_properties[prop_name] = additional_property

        kept_reason_params.additional_properties = additional_properties
        return kept_reason_params

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> int | KeptReasonParamsKeptReasonParamText | str:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: int | KeptReasonParamsKeptReasonParamText | str) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
