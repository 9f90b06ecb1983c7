from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.kind_channels_email import KindChannelsEmail
from ..models.kind_channels_inbox import KindChannelsInbox
from ..models.kind_channels_push import KindChannelsPush
from ..models.kind_channels_webhook import KindChannelsWebhook
from ..types import UNSET, Unset

T = TypeVar("T", bound="KindChannels")


@_attrs_define
class KindChannels:
    """Where one kind of notification goes.

    Attributes:
        email (KindChannelsEmail | Unset):  Default: KindChannelsEmail.ON.
        inbox (KindChannelsInbox | Unset):  Default: KindChannelsInbox.ON.
        push (KindChannelsPush | Unset): Web Push, to your browsers. Default: KindChannelsPush.ON.
        webhook (KindChannelsWebhook | Unset): Your personal webhooks. Default: KindChannelsWebhook.ON.
    """

    email: KindChannelsEmail | Unset = KindChannelsEmail.ON
    inbox: KindChannelsInbox | Unset = KindChannelsInbox.ON
    push: KindChannelsPush | Unset = KindChannelsPush.ON
    webhook: KindChannelsWebhook | Unset = KindChannelsWebhook.ON

    def to_dict(self) -> dict[str, Any]:
        email: str | Unset = UNSET
        if not isinstance(self.email, Unset):
            email = self.email.value

        inbox: str | Unset = UNSET
        if not isinstance(self.inbox, Unset):
            inbox = self.inbox.value

        push: str | Unset = UNSET
        if not isinstance(self.push, Unset):
            push = self.push.value

        webhook: str | Unset = UNSET
        if not isinstance(self.webhook, Unset):
            webhook = self.webhook.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if email is not UNSET:
            field_dict["email"] = email
        if inbox is not UNSET:
            field_dict["inbox"] = inbox
        if push is not UNSET:
            field_dict["push"] = push
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _email = d.pop("email", UNSET)
        email: KindChannelsEmail | Unset
        if isinstance(_email, Unset):
            email = UNSET
        else:
            email = KindChannelsEmail(_email)

        _inbox = d.pop("inbox", UNSET)
        inbox: KindChannelsInbox | Unset
        if isinstance(_inbox, Unset):
            inbox = UNSET
        else:
            inbox = KindChannelsInbox(_inbox)

        _push = d.pop("push", UNSET)
        push: KindChannelsPush | Unset
        if isinstance(_push, Unset):
            push = UNSET
        else:
            push = KindChannelsPush(_push)

        _webhook = d.pop("webhook", UNSET)
        webhook: KindChannelsWebhook | Unset
        if isinstance(_webhook, Unset):
            webhook = UNSET
        else:
            webhook = KindChannelsWebhook(_webhook)

        kind_channels = cls(
            email=email,
            inbox=inbox,
            push=push,
            webhook=webhook,
        )

        return kind_channels
