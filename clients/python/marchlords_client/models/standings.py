from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.standing_read import StandingRead


T = TypeVar("T", bound="Standings")


@_attrs_define
class Standings:
    """
    Attributes:
        final (bool): True once the campaign has ended.
        players (list[StandingRead]):
        turn (int):
    """

    final: bool
    players: list[StandingRead]
    turn: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        final = self.final

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        turn = self.turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "final": final,
                "players": players,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.standing_read import StandingRead  # noqa: PLC0415

        d = dict(src_dict)
        final = d.pop("final")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = StandingRead.from_dict(players_item_data)

            players.append(players_item)

        turn = d.pop("turn")

        standings = cls(
            final=final,
            players=players,
            turn=turn,
        )

        standings.additional_properties = d
        return standings

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
