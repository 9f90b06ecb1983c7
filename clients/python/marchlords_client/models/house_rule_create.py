from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.amendment_kind import AmendmentKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="HouseRuleCreate")


@_attrs_define
class HouseRuleCreate:
    """A new amendment; without `position` it goes last.

    Attributes:
        kind (AmendmentKind): How an amendment changes the rulebook (the source's blue, green and red text).
        section (str):
        text (str):
        page (None | str | Unset):
        position (int | None | Unset): 1 = first; shifts the rest.
    """

    kind: AmendmentKind
    section: str
    text: str
    page: None | str | Unset = UNSET
    position: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        section = self.section

        text = self.text

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "section": section,
                "text": text,
            }
        )
        if page is not UNSET:
            field_dict["page"] = page
        if position is not UNSET:
            field_dict["position"] = position

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = AmendmentKind(d.pop("kind"))

        section = d.pop("section")

        text = d.pop("text")

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

        house_rule_create = cls(
            kind=kind,
            section=section,
            text=text,
            page=page,
            position=position,
        )

        return house_rule_create
