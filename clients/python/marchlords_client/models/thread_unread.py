from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ThreadUnread")


@_attrs_define
class ThreadUnread:
    """What is left unread once a thread is marked read.

    Attributes:
        mailbox_unread (int): Every message addressed to you still unread (what `…/messages/unread` counts).
        read_up_to (int): The newest message of it you marked read (0: none).
        thread (int): The thread: 0, the table; N, the conversation with N.
        unread (int): Messages of this thread addressed to you still unread.
    """

    mailbox_unread: int
    read_up_to: int
    thread: int
    unread: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mailbox_unread = self.mailbox_unread

        read_up_to = self.read_up_to

        thread = self.thread

        unread = self.unread

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mailbox_unread": mailbox_unread,
                "read_up_to": read_up_to,
                "thread": thread,
                "unread": unread,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mailbox_unread = d.pop("mailbox_unread")

        read_up_to = d.pop("read_up_to")

        thread = d.pop("thread")

        unread = d.pop("unread")

        thread_unread = cls(
            mailbox_unread=mailbox_unread,
            read_up_to=read_up_to,
            thread=thread,
            unread=unread,
        )

        thread_unread.additional_properties = d
        return thread_unread

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
