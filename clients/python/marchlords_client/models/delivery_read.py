from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_status import DeliveryStatus
from ..models.notification_kind import NotificationKind

T = TypeVar("T", bound="DeliveryRead")


@_attrs_define
class DeliveryRead:
    """
    Attributes:
        attempts (int):
        created_at (datetime.datetime):
        delivered_at (datetime.datetime | None):
        id (str): The delivery's `webhook-id`, the same on every attempt.
        kind (NotificationKind):
        last_attempt_at (datetime.datetime | None):
        last_error (None | str):
        last_status_code (int | None):
        next_attempt_at (datetime.datetime | None): While pending.
        status (DeliveryStatus):
    """

    attempts: int
    created_at: datetime.datetime
    delivered_at: datetime.datetime | None
    id: str
    kind: NotificationKind
    last_attempt_at: datetime.datetime | None
    last_error: None | str
    last_status_code: int | None
    next_attempt_at: datetime.datetime | None
    status: DeliveryStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempts = self.attempts

        created_at = self.created_at.isoformat()

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        id = self.id

        kind = self.kind.value

        last_attempt_at: None | str
        if isinstance(self.last_attempt_at, datetime.datetime):
            last_attempt_at = self.last_attempt_at.isoformat()
        else:
            last_attempt_at = self.last_attempt_at

        last_error: None | str
        last_error = self.last_error

        last_status_code: int | None
        last_status_code = self.last_status_code

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempts": attempts,
                "created_at": created_at,
                "delivered_at": delivered_at,
                "id": id,
                "kind": kind,
                "last_attempt_at": last_attempt_at,
                "last_error": last_error,
                "last_status_code": last_status_code,
                "next_attempt_at": next_attempt_at,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attempts = d.pop("attempts")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))

        id = d.pop("id")

        kind = NotificationKind(d.pop("kind"))

        def _parse_last_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_attempt_at = _parse_last_attempt_at(d.pop("last_attempt_at"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        def _parse_last_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status_code = _parse_last_status_code(d.pop("last_status_code"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        status = DeliveryStatus(d.pop("status"))

        delivery_read = cls(
            attempts=attempts,
            created_at=created_at,
            delivered_at=delivered_at,
            id=id,
            kind=kind,
            last_attempt_at=last_attempt_at,
            last_error=last_error,
            last_status_code=last_status_code,
            next_attempt_at=next_attempt_at,
            status=status,
        )

        delivery_read.additional_properties = d
        return delivery_read

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
