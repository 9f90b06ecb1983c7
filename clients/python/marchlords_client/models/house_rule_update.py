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
        kind (AmendmentKind | Unset): How an amendment changes the rulebook (the source's blue, green and red text).
        page (None | str | Unset):
        position (int | Unset):
        section (str | Unset):
        text (str | Unset):
    """

    kind: AmendmentKind | Unset = UNSET
    page: None | str | Unset = UNSET
    position: int | Unset = UNSET
    section: str | Unset = UNSET
    text: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        page: None | str | Unset
        if isinstance(self.page, Unset):
            page = UNSET
        else:
            page = self.page

        position = self.position

        section = self.section

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
        _kind = d.pop("kind", UNSET)
        kind: AmendmentKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = AmendmentKind(_kind)

        def _parse_page(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        page = _parse_page(d.pop("page", UNSET))

        position = d.pop("position", UNSET)

        section = d.pop("section", UNSET)

        text = d.pop("text", UNSET)

        house_rule_update = cls(
            kind=kind,
            page=page,
            position=position,
            section=section,
            text=text,
        )

        return house_rule_update
