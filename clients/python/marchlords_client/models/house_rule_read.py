from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.amendment_kind import AmendmentKind

T = TypeVar("T", bound="HouseRuleRead")


@_attrs_define
class HouseRuleRead:
    """
    Attributes:
        created_at (datetime.datetime):
        id (int):
        kind (AmendmentKind): How an amendment changes the rulebook (the source's blue, green and red text).
        page (None | str):
        position (int):
        section (str):
        text (str):
        updated_at (datetime.datetime):
    """

    created_at: datetime.datetime
    id: int
    kind: AmendmentKind
    page: None | str
    position: int
    section: str
    text: str
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        id = self.id

        kind = self.kind.value

        page: None | str
        page = self.page

        position = self.position

        section = self.section

        text = self.text

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "id": id,
                "kind": kind,
                "page": page,
                "position": position,
                "section": section,
                "text": text,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        id = d.pop("id")

        kind = AmendmentKind(d.pop("kind"))

        def _parse_page(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        page = _parse_page(d.pop("page"))

        position = d.pop("position")

        section = d.pop("section")

        text = d.pop("text")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        house_rule_read = cls(
            created_at=created_at,
            id=id,
            kind=kind,
            page=page,
            position=position,
            section=section,
            text=text,
            updated_at=updated_at,
        )

        house_rule_read.additional_properties = d
        return house_rule_read

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
