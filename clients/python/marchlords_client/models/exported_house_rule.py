from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.exported_house_rule_kind import ExportedHouseRuleKind

T = TypeVar("T", bound="ExportedHouseRule")


@_attrs_define
class ExportedHouseRule:
    """A house rule (R-HOUSE).

    Attributes:
        created_at (datetime.datetime):
        id (int):
        kind (ExportedHouseRuleKind):
        page (None | str):
        position (int):
        section (str):
        text (str):
        updated_at (datetime.datetime):
    """

    created_at: datetime.datetime
    id: int
    kind: ExportedHouseRuleKind
    page: None | str
    position: int
    section: str
    text: str
    updated_at: datetime.datetime

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

        kind = ExportedHouseRuleKind(d.pop("kind"))

        def _parse_page(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        page = _parse_page(d.pop("page"))

        position = d.pop("position")

        section = d.pop("section")

        text = d.pop("text")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        exported_house_rule = cls(
            created_at=created_at,
            id=id,
            kind=kind,
            page=page,
            position=position,
            section=section,
            text=text,
            updated_at=updated_at,
        )

        return exported_house_rule
