from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="MessageCreate")


@_attrs_define
class MessageCreate:
    """A message to one player, several (their numbers) or `"all"` the others.

    Attributes:
        body (str):
        to (list[int] | Literal['all']):
    """

    body: str
    to: list[int] | Literal["all"]

    def to_dict(self) -> dict[str, Any]:
        body = self.body

        to: list[int] | Literal["all"]
        if isinstance(self.to, list):
            to = self.to

        else:
            to = self.to

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "body": body,
                "to": to,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        body = d.pop("body")

        def _parse_to(data: object) -> list[int] | Literal["all"]:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                to_type_0 = cast(list[int], data)

                return to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            to_type_1 = cast(Literal["all"], data)
            if to_type_1 != "all":
                raise ValueError(f"to_type_1 must match const 'all', got '{to_type_1}'")
            return to_type_1

        to = _parse_to(d.pop("to"))

        message_create = cls(
            body=body,
            to=to,
        )

        return message_create
