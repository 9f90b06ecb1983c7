from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.exported_order_row import ExportedOrderRow
    from ..models.exported_world import ExportedWorld
    from ..models.turn_state import TurnState


T = TypeVar("T", bound="CurrentExport")


@_attrs_define
class CurrentExport:
    """The game as it stands: the campaign's turn, the orders given so far this turn (those
    of past turns are in their turn's state), the world.

        Attributes:
            campaign (TurnState): What a turn change alters on the campaign row.
            orders (list[ExportedOrderRow]):
            tables (ExportedWorld): Every row of the campaign's world tables (whole rows, campaign id left out).
    """

    campaign: TurnState
    orders: list[ExportedOrderRow]
    tables: ExportedWorld

    def to_dict(self) -> dict[str, Any]:
        campaign = self.campaign.to_dict()

        orders = []
        for orders_item_data in self.orders:
            orders_item = orders_item_data.to_dict()
            orders.append(orders_item)

        tables = self.tables.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "campaign": campaign,
                "orders": orders,
                "tables": tables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.exported_order_row import ExportedOrderRow  # noqa: PLC0415
        from ..models.exported_world import ExportedWorld  # noqa: PLC0415
        from ..models.turn_state import TurnState  # noqa: PLC0415

        d = dict(src_dict)
        campaign = TurnState.from_dict(d.pop("campaign"))

        orders = []
        _orders = d.pop("orders")
        for orders_item_data in _orders:
            orders_item = ExportedOrderRow.from_dict(orders_item_data)

            orders.append(orders_item)

        tables = ExportedWorld.from_dict(d.pop("tables"))

        current_export = cls(
            campaign=campaign,
            orders=orders,
            tables=tables,
        )

        return current_export
