from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.discord_field import DiscordField


T = TypeVar("T", bound="DiscordEmbed")


@_attrs_define
class DiscordEmbed:
    """
    Attributes:
        color (int):
        description (str):
        fields (list[DiscordField]):
        timestamp (datetime.datetime):
        title (str):
        url (None | str | Unset): Only with `MARCHLORDS_PUBLIC_URL` set.
    """

    color: int
    description: str
    fields: list[DiscordField]
    timestamp: datetime.datetime
    title: str
    url: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        color = self.color

        description = self.description

        fields = []
        for fields_item_data in self.fields:
            fields_item = fields_item_data.to_dict()
            fields.append(fields_item)

        timestamp = self.timestamp.isoformat()

        title = self.title

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "color": color,
                "description": description,
                "fields": fields,
                "timestamp": timestamp,
                "title": title,
            }
        )
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.discord_field import DiscordField  # noqa: PLC0415

        d = dict(src_dict)
        color = d.pop("color")

        description = d.pop("description")

        fields = []
        _fields = d.pop("fields")
        for fields_item_data in _fields:
            fields_item = DiscordField.from_dict(fields_item_data)

            fields.append(fields_item)

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        title = d.pop("title")

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))

        discord_embed = cls(
            color=color,
            description=description,
            fields=fields,
            timestamp=timestamp,
            title=title,
            url=url,
        )

        discord_embed.additional_properties = d
        return discord_embed

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
