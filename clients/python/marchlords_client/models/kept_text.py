from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.kept_text_params import KeptTextParams


T = TypeVar("T", bound="KeptText")


@_attrs_define
class KeptText:
    """A text kept to be said in another language: a message id of the server and its parameters.

    Attributes:
        params (KeptTextParams): Its parameters (a text in the same form).
        template (str): The English template, `{name}` placeholders.
    """

    params: KeptTextParams
    template: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        params = self.params.to_dict()

        template = self.template

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "params": params,
                "template": template,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.kept_text_params import KeptTextParams  # noqa: PLC0415

        d = dict(src_dict)
        params = KeptTextParams.from_dict(d.pop("params"))

        template = d.pop("template")

        kept_text = cls(
            params=params,
            template=template,
        )

        kept_text.additional_properties = d
        return kept_text

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
