from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.kept_reason_params_kept_reason_param_text_params import KeptReasonParamsKeptReasonParamTextParams


T = TypeVar("T", bound="KeptReasonParamsKeptReasonParamText")


@_attrs_define
class KeptReasonParamsKeptReasonParamText:
    """A text in the same form (8 deep at most).

    Attributes:
        params (KeptReasonParamsKeptReasonParamTextParams):
        template (str):
    """

    params: KeptReasonParamsKeptReasonParamTextParams
    template: str

    def to_dict(self) -> dict[str, Any]:
        params = self.params.to_dict()

        template = self.template

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "params": params,
                "template": template,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.kept_reason_params_kept_reason_param_text_params import KeptReasonParamsKeptReasonParamTextParams  # noqa: PLC0415

        d = dict(src_dict)
        params = KeptReasonParamsKeptReasonParamTextParams.from_dict(d.pop("params"))

        template = d.pop("template")

        kept_reason_params_kept_reason_param_text = cls(
            params=params,
            template=template,
        )

        return kept_reason_params_kept_reason_param_text
