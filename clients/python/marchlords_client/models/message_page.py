from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.message_read import MessageRead


T = TypeVar("T", bound="MessagePage")


@_attrs_define
class MessagePage:
    """Your messages, newest first; pass `next_before` as `before` for older ones.

    Attributes:
        has_more (bool): More messages lie beyond this page in its direction.
        items (list[MessageRead]):
        limit (int):
        newest_id (int | None): Id to pass as `after` to poll for newer ones.
        next_before (int | None): Id to pass as `before` for the next page.
    """

    has_more: bool
    items: list[MessageRead]
    limit: int
    newest_id: int | None
    next_before: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        has_more = self.has_more

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        limit = self.limit

        newest_id: int | None
        newest_id = self.newest_id

        next_before: int | None
        next_before = self.next_before

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "has_more": has_more,
                "items": items,
                "limit": limit,
                "newest_id": newest_id,
                "next_before": next_before,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.message_read import MessageRead  # noqa: PLC0415

        d = dict(src_dict)
        has_more = d.pop("has_more")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = MessageRead.from_dict(items_item_data)

            items.append(items_item)

        limit = d.pop("limit")

        def _parse_newest_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        newest_id = _parse_newest_id(d.pop("newest_id"))

        def _parse_next_before(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_before = _parse_next_before(d.pop("next_before"))

        message_page = cls(
            has_more=has_more,
            items=items,
            limit=limit,
            newest_id=newest_id,
            next_before=next_before,
        )

        message_page.additional_properties = d
        return message_page

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
