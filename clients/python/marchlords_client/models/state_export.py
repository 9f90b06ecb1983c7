from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.exported_order_row import ExportedOrderRow
    from ..models.exported_player_state import ExportedPlayerState
    from ..models.exported_world import ExportedWorld
    from ..models.turn_state import TurnState


T = TypeVar("T", bound="StateExport")


@_attrs_define
class StateExport:
    """The game at the end of a turn: the campaign's turn, the seats' game columns, the orders
    of that turn and the world (the per-turn snapshots' format, R-TURN-6).

        Attributes:
            campaign (TurnState): What a turn change alters on the campaign row.
            orders (list[ExportedOrderRow]):
            players (list[ExportedPlayerState]):
            tables (ExportedWorld): Every row of the campaign's world tables (whole rows, campaign id left out).
            version (Literal[1] | Unset):  Default: 1.
    """

    campaign: TurnState
    orders: list[ExportedOrderRow]
    players: list[ExportedPlayerState]
    tables: ExportedWorld
    version: Literal[1] | Unset = 1

    def to_dict(self) -> dict[str, Any]:
        campaign = self.campaign.to_dict()

        orders = []
        for orders_item_data in self.orders:
            orders_item = orders_item_data.to_dict()
            orders.append(orders_item)

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        tables = self.tables.to_dict()

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "campaign": campaign,
                "orders": orders,
                "players": players,
                "tables": tables,
            }
        )
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.exported_order_row import ExportedOrderRow  # noqa: PLC0415
        from ..models.exported_player_state import ExportedPlayerState  # noqa: PLC0415
        from ..models.exported_world import ExportedWorld  # noqa: PLC0415
        from ..models.turn_state import TurnState  # noqa: PLC0415

        d = dict(src_dict)
        campaign = TurnState.from_dict(d.pop("campaign"))

        orders = []
        _orders = d.pop("orders")
        for orders_item_data in _orders:
            orders_item = ExportedOrderRow.from_dict(orders_item_data)

            orders.append(orders_item)

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = ExportedPlayerState.from_dict(players_item_data)

            players.append(players_item)

        tables = ExportedWorld.from_dict(d.pop("tables"))

        version = cast(Literal[1] | Unset, d.pop("version", UNSET))
        if version != 1 and not isinstance(version, Unset):
            raise ValueError(f"version must match const 1, got '{version}'")

        state_export = cls(
            campaign=campaign,
            orders=orders,
            players=players,
            tables=tables,
            version=version,
        )

        return state_export
