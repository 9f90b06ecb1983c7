from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.standing_kind import StandingKind

T = TypeVar("T", bound="StandingOrderData")


@_attrs_define
class StandingOrderData:
    """
    Attributes:
        army_id (int | None):
        cost (int):
        given (bool): Whether the order was given (else `reason` says why not).
        order (StandingKind):
        reason (None | str):
    """

    army_id: int | None
    cost: int
    given: bool
    order: StandingKind
    reason: None | str

    def to_dict(self) -> dict[str, Any]:
        army_id: int | None
        army_id = self.army_id

        cost = self.cost

        given = self.given

        order = self.order.value

        reason: None | str
        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "army_id": army_id,
                "cost": cost,
                "given": given,
                "order": order,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_army_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        army_id = _parse_army_id(d.pop("army_id"))

        cost = d.pop("cost")

        given = d.pop("given")

        order = StandingKind(d.pop("order"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        standing_order_data = cls(
            army_id=army_id,
            cost=cost,
            given=given,
            order=order,
            reason=reason,
        )

        return standing_order_data
