from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.correspondent import Correspondent
    from ..models.message_read import MessageRead


T = TypeVar("T", bound="MessageThread")


@_attrs_define
class MessageThread:
    """Your conversation with one correspondent: a player, or the table (messages to all).

    Attributes:
        correspondent (Correspondent | None): The other player (`number` is what `thread` and `to` take); null: the
            table, the messages to everyone (`thread=0`).
        last (MessageRead | None): The newest message of it; null: none yet.
        unread (int): Messages of it addressed to you you have not read yet.
    """

    correspondent: Correspondent | None
    last: MessageRead | None
    unread: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.correspondent import Correspondent  # noqa: PLC0415
        from ..models.message_read import MessageRead  # noqa: PLC0415

        correspondent: dict[str, Any] | None
        if isinstance(self.correspondent, Correspondent):
            correspondent = self.correspondent.to_dict()
        else:
            correspondent = self.correspondent

        last: dict[str, Any] | None
        if isinstance(self.last, MessageRead):
            last = self.last.to_dict()
        else:
            last = self.last

        unread = self.unread

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "correspondent": correspondent,
                "last": last,
                "unread": unread,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.correspondent import Correspondent  # noqa: PLC0415
        from ..models.message_read import MessageRead  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_correspondent(data: object) -> Correspondent | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                correspondent_type_0 = Correspondent.from_dict(data)

                return correspondent_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Correspondent | None, data)

        correspondent = _parse_correspondent(d.pop("correspondent"))

        def _parse_last(data: object) -> MessageRead | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_type_0 = MessageRead.from_dict(data)

                return last_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MessageRead | None, data)

        last = _parse_last(d.pop("last"))

        unread = d.pop("unread")

        message_thread = cls(
            correspondent=correspondent,
            last=last,
            unread=unread,
        )

        message_thread.additional_properties = d
        return message_thread

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
