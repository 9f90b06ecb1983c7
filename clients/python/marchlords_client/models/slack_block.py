from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.slack_block_type import SlackBlockType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.slack_text import SlackText


T = TypeVar("T", bound="SlackBlock")


@_attrs_define
class SlackBlock:
    """
    Attributes:
        type_ (SlackBlockType):
        elements (list[SlackText] | None | Unset):
        text (None | SlackText | Unset):
    """

    type_: SlackBlockType
    elements: list[SlackText] | None | Unset = UNSET
    text: None | SlackText | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.slack_text import SlackText  # noqa: PLC0415

        type_ = self.type_.value

        elements: list[dict[str, Any]] | None | Unset
        if isinstance(self.elements, Unset):
            elements = UNSET
        elif isinstance(self.elements, list):
            elements = []
            for elements_type_0_item_data in self.elements:
                elements_type_0_item = elements_type_0_item_data.to_dict()
                elements.append(elements_type_0_item)

        else:
            elements = self.elements

        text: dict[str, Any] | None | Unset
        if isinstance(self.text, Unset):
            text = UNSET
        elif isinstance(self.text, SlackText):
            text = self.text.to_dict()
        else:
            text = self.text

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )
        if elements is not UNSET:
            field_dict["elements"] = elements
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.slack_text import SlackText  # noqa: PLC0415

        d = dict(src_dict)
        type_ = SlackBlockType(d.pop("type"))

        def _parse_elements(data: object) -> list[SlackText] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                elements_type_0 = []
                _elements_type_0 = data
                for elements_type_0_item_data in _elements_type_0:
                    elements_type_0_item = SlackText.from_dict(elements_type_0_item_data)

                    elements_type_0.append(elements_type_0_item)

                return elements_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SlackText] | None | Unset, data)

        elements = _parse_elements(d.pop("elements", UNSET))

        def _parse_text(data: object) -> None | SlackText | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                text_type_0 = SlackText.from_dict(data)

                return text_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SlackText | Unset, data)

        text = _parse_text(d.pop("text", UNSET))

        slack_block = cls(
            type_=type_,
            elements=elements,
            text=text,
        )

        slack_block.additional_properties = d
        return slack_block

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
