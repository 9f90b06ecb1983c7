from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.amendment_kind import AmendmentKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="HouseRuleUpdate")


@_attrs_define
class HouseRuleUpdate:
    """Change some fields of an amendment, or move it (`position`).

    Attributes:
        kind (AmendmentKind | None | Unset):
        page (None | str | Unset):
        position (int | None | Unset):
        section (None | str | Unset):
        text (None | str | Unset):
    """

    kind: AmendmentKind | None | Unset = UNSET
    page: None | str | Unset = UNSET
    position: int | None | Unset = UNSET
    section: None | str | Unset = UNSET
    text: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind: None | str | Unset
        if isinstance(self.kind, Unset):
            kind = UNSET
        elif isinstance(self.kind, AmendmentKind):
            kind = self.kind.value
        else:
            kind = self.kind

        page: None | str | Unset
        if isinstance(self.page, Unset):
            page = UNSET
        else:
            page = self.page

        position: int | None | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        else:
            position = self.position

        section: None | str | Unset
        if isinstance(self.section, Unset):
            section = UNSET
        else:
            section = self.section

        text: None | str | Unset
        if isinstance(self.text, Unset):
            text = UNSET
        else:
            text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if kind is not UNSET:
            field_dict["kind"] = kind
        if page is not UNSET:
            field_dict["page"] = page
        if position is not UNSET:
            field_dict["position"] = position
        if section is not UNSET:
            field_dict["section"] = section
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_kind(data: object) -> AmendmentKind | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                kind_type_0 = AmendmentKind(data)

                return kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AmendmentKind | None | Unset, data)

        kind = _parse_kind(d.pop("kind", UNSET))

        def _parse_page(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        page = _parse_page(d.pop("page", UNSET))

        def _parse_position(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        position = _parse_position(d.pop("position", UNSET))

        def _parse_section(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        section = _parse_section(d.pop("section", UNSET))

        def _parse_text(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        text = _parse_text(d.pop("text", UNSET))

        house_rule_update = cls(
            kind=kind,
            page=page,
            position=position,
            section=section,
            text=text,
        )

        return house_rule_update
