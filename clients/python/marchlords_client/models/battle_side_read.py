from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.battle_player import BattlePlayer
    from ..models.side_forces_read import SideForcesRead


T = TypeVar("T", bound="BattleSideRead")


@_attrs_define
class BattleSideRead:
    """
    Attributes:
        forces (None | SideForcesRead): Only for the battle's participants and the game master (R-FOG-4).
        players (list[BattlePlayer]):
        structure_id (int | None): The defended city, outpost or port.
    """

    forces: None | SideForcesRead
    players: list[BattlePlayer]
    structure_id: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.side_forces_read import SideForcesRead  # noqa: PLC0415

        forces: dict[str, Any] | None
        if isinstance(self.forces, SideForcesRead):
            forces = self.forces.to_dict()
        else:
            forces = self.forces

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        structure_id: int | None
        structure_id = self.structure_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "forces": forces,
                "players": players,
                "structure_id": structure_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.battle_player import BattlePlayer  # noqa: PLC0415
        from ..models.side_forces_read import SideForcesRead  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_forces(data: object) -> None | SideForcesRead:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                forces_type_0 = SideForcesRead.from_dict(data)

                return forces_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SideForcesRead, data)

        forces = _parse_forces(d.pop("forces"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = BattlePlayer.from_dict(players_item_data)

            players.append(players_item)

        def _parse_structure_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        structure_id = _parse_structure_id(d.pop("structure_id"))

        battle_side_read = cls(
            forces=forces,
            players=players,
            structure_id=structure_id,
        )

        battle_side_read.additional_properties = d
        return battle_side_read

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
