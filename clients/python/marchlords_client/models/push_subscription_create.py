from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.push_keys import PushKeys


T = TypeVar("T", bound="PushSubscriptionCreate")


@_attrs_define
class PushSubscriptionCreate:
    """The browser's `PushSubscription.toJSON()` (its `expirationTime` is allowed and
    ignored).

        Attributes:
            endpoint (str): The push service's URL for this browser: https on a public address (else 422
                `push_endpoint_refused`), checked again before every message.
            keys (PushKeys):
            expiration_time (float | int | None | Unset): Ignored.
    """

    endpoint: str
    keys: PushKeys
    expiration_time: float | int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        endpoint = self.endpoint

        keys = self.keys.to_dict()

        expiration_time: float | int | None | Unset
        if isinstance(self.expiration_time, Unset):
            expiration_time = UNSET
        else:
            expiration_time = self.expiration_time

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "endpoint": endpoint,
                "keys": keys,
            }
        )
        if expiration_time is not UNSET:
            field_dict["expirationTime"] = expiration_time

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.push_keys import PushKeys  # noqa: PLC0415

        d = dict(src_dict)
        endpoint = d.pop("endpoint")

        keys = PushKeys.from_dict(d.pop("keys"))

        def _parse_expiration_time(data: object) -> float | int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | int | None | Unset, data)

        expiration_time = _parse_expiration_time(d.pop("expirationTime", UNSET))

        push_subscription_create = cls(
            endpoint=endpoint,
            keys=keys,
            expiration_time=expiration_time,
        )

        return push_subscription_create
