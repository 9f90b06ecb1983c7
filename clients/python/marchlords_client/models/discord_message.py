from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.discord_allowed_mentions import DiscordAllowedMentions
    from ..models.discord_embed import DiscordEmbed


T = TypeVar("T", bound="DiscordMessage")


@_attrs_define
class DiscordMessage:
    """A `discord` endpoint's body: Discord's execute-webhook JSON parameters.

    Attributes:
        allowed_mentions (DiscordAllowedMentions):
        content (str):
        embeds (list[DiscordEmbed]):
    """

    allowed_mentions: DiscordAllowedMentions
    content: str
    embeds: list[DiscordEmbed]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        allowed_mentions = self.allowed_mentions.to_dict()

        content = self.content

        embeds = []
        for embeds_item_data in self.embeds:
            embeds_item = embeds_item_data.to_dict()
            embeds.append(embeds_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "allowed_mentions": allowed_mentions,
                "content": content,
                "embeds": embeds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.discord_allowed_mentions import DiscordAllowedMentions  # noqa: PLC0415
        from ..models.discord_embed import DiscordEmbed  # noqa: PLC0415

        d = dict(src_dict)
        allowed_mentions = DiscordAllowedMentions.from_dict(d.pop("allowed_mentions"))

        content = d.pop("content")

        embeds = []
        _embeds = d.pop("embeds")
        for embeds_item_data in _embeds:
            embeds_item = DiscordEmbed.from_dict(embeds_item_data)

            embeds.append(embeds_item)

        discord_message = cls(
            allowed_mentions=allowed_mentions,
            content=content,
            embeds=embeds,
        )

        discord_message.additional_properties = d
        return discord_message

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
