from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.faction_action_status import FactionActionStatus
    from ..models.forecast_read import ForecastRead
    from ..models.ledger_page import LedgerPage
    from ..models.pending_orders import PendingOrders


T = TypeVar("T", bound="MeRead")


@_attrs_define
class MeRead:
    """Your own standing in the campaign: gold, forecast, ledger, faction action, orders.

    Attributes:
        faction (str):
        faction_action (FactionActionStatus | None):
        faction_name (str):
        forecast (ForecastRead | None): None once the campaign has ended.
        gold (int):
        inactive (bool):
        infamy (int):
        ledger (LedgerPage): Your ledger, most recent first (R-ECO-6).
        orders (PendingOrders): Your orders of the current turn.
        player (int):
        ready (bool):
        turn (int):
        victories (int):
    """

    faction: str
    faction_action: FactionActionStatus | None
    faction_name: str
    forecast: ForecastRead | None
    gold: int
    inactive: bool
    infamy: int
    ledger: LedgerPage
    orders: PendingOrders
    player: int
    ready: bool
    turn: int
    victories: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.faction_action_status import FactionActionStatus  # noqa: PLC0415
        from ..models.forecast_read import ForecastRead  # noqa: PLC0415

        faction = self.faction

        faction_action: dict[str, Any] | None
        if isinstance(self.faction_action, FactionActionStatus):
            faction_action = self.faction_action.to_dict()
        else:
            faction_action = self.faction_action

        faction_name = self.faction_name

        forecast: dict[str, Any] | None
        if isinstance(self.forecast, ForecastRead):
            forecast = self.forecast.to_dict()
        else:
            forecast = self.forecast

        gold = self.gold

        inactive = self.inactive

        infamy = self.infamy

        ledger = self.ledger.to_dict()

        orders = self.orders.to_dict()

        player = self.player

        ready = self.ready

        turn = self.turn

        victories = self.victories

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "faction": faction,
                "faction_action": faction_action,
                "faction_name": faction_name,
                "forecast": forecast,
                "gold": gold,
                "inactive": inactive,
                "infamy": infamy,
                "ledger": ledger,
                "orders": orders,
                "player": player,
                "ready": ready,
                "turn": turn,
                "victories": victories,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.faction_action_status import FactionActionStatus  # noqa: PLC0415
        from ..models.forecast_read import ForecastRead  # noqa: PLC0415
        from ..models.ledger_page import LedgerPage  # noqa: PLC0415
        from ..models.pending_orders import PendingOrders  # noqa: PLC0415

        d = dict(src_dict)
        faction = d.pop("faction")

        def _parse_faction_action(data: object) -> FactionActionStatus | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                faction_action_type_0 = FactionActionStatus.from_dict(data)

                return faction_action_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FactionActionStatus | None, data)

        faction_action = _parse_faction_action(d.pop("faction_action"))

        faction_name = d.pop("faction_name")

        def _parse_forecast(data: object) -> ForecastRead | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                forecast_type_0 = ForecastRead.from_dict(data)

                return forecast_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ForecastRead | None, data)

        forecast = _parse_forecast(d.pop("forecast"))

        gold = d.pop("gold")

        inactive = d.pop("inactive")

        infamy = d.pop("infamy")

        ledger = LedgerPage.from_dict(d.pop("ledger"))

        orders = PendingOrders.from_dict(d.pop("orders"))

        player = d.pop("player")

        ready = d.pop("ready")

        turn = d.pop("turn")

        victories = d.pop("victories")

        me_read = cls(
            faction=faction,
            faction_action=faction_action,
            faction_name=faction_name,
            forecast=forecast,
            gold=gold,
            inactive=inactive,
            infamy=infamy,
            ledger=ledger,
            orders=orders,
            player=player,
            ready=ready,
            turn=turn,
            victories=victories,
        )

        me_read.additional_properties = d
        return me_read

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
