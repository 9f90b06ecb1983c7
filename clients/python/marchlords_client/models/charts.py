from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_chart import PlayerChart


T = TypeVar("T", bound="Charts")


@_attrs_define
class Charts:
    """Your numbers per turn; everyone's once the campaign has ended (or for the game master).

    Attributes:
        final (bool): The campaign has ended: every player is shown.
        first_turn (int):
        last_turn (int):
        players (list[PlayerChart]):
    """

    final: bool
    first_turn: int
    last_turn: int
    players: list[PlayerChart]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        final = self.final

        first_turn = self.first_turn

        last_turn = self.last_turn

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "final": final,
                "first_turn": first_turn,
                "last_turn": last_turn,
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_chart import PlayerChart  # noqa: PLC0415

        d = dict(src_dict)
        final = d.pop("final")

        first_turn = d.pop("first_turn")

        last_turn = d.pop("last_turn")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = PlayerChart.from_dict(players_item_data)

            players.append(players_item)

        charts = cls(
            final=final,
            first_turn=first_turn,
            last_turn=last_turn,
            players=players,
        )

        charts.additional_properties = d
        return charts

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
