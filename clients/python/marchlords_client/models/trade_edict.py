from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TradeEdict")


@_attrs_define
class TradeEdict:
    """Propose a trade route from one of your cities to a known city of another player.

    Attributes:
        kind (Literal['trade']):
        my_city_id (int):
        their_city_id (int):
    """

    kind: Literal["trade"]
    my_city_id: int
    their_city_id: int

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        my_city_id = self.my_city_id

        their_city_id = self.their_city_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "my_city_id": my_city_id,
                "their_city_id": their_city_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["trade"], d.pop("kind"))
        if kind != "trade":
            raise ValueError(f"kind must match const 'trade', got '{kind}'")

        my_city_id = d.pop("my_city_id")

        their_city_id = d.pop("their_city_id")

        trade_edict = cls(
            kind=kind,
            my_city_id=my_city_id,
            their_city_id=their_city_id,
        )

        return trade_edict
