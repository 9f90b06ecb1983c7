from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.pack_side_side import PackSideSide
from ..models.size import Size
from ..models.structure_kind import StructureKind

if TYPE_CHECKING:
    from ..models.battle_player import BattlePlayer
    from ..models.pack_army import PackArmy


T = TypeVar("T", bound="PackSide")


@_attrs_define
class PackSide:
    """
    Attributes:
        armies (list[PackArmy]):
        in_full (bool): R-PACK-3: true for the reader's own side (both for the game master); false: only what sight
            gives (points, tiers, sizes).
        players (list[BattlePlayer]):
        points (int): Everything the side fields, converted (R-BAT-1).
        side (PackSideSide):
        size (Size): An army's rough size, as seen from afar (R-PACK-3).
        structure (None | StructureKind): The structure it defends.
    """

    armies: list[PackArmy]
    in_full: bool
    players: list[BattlePlayer]
    points: int
    side: PackSideSide
    size: Size
    structure: None | StructureKind
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        armies = []
        for armies_item_data in self.armies:
            armies_item = armies_item_data.to_dict()
            armies.append(armies_item)

        in_full = self.in_full

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        points = self.points

        side = self.side.value

        size = self.size.value

        structure: None | str
        if isinstance(self.structure, StructureKind):
            structure = self.structure.value
        else:
            structure = self.structure

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "armies": armies,
                "in_full": in_full,
                "players": players,
                "points": points,
                "side": side,
                "size": size,
                "structure": structure,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.battle_player import BattlePlayer  # noqa: PLC0415
        from ..models.pack_army import PackArmy  # noqa: PLC0415

        d = dict(src_dict)
        armies = []
        _armies = d.pop("armies")
        for armies_item_data in _armies:
            armies_item = PackArmy.from_dict(armies_item_data)

            armies.append(armies_item)

        in_full = d.pop("in_full")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = BattlePlayer.from_dict(players_item_data)

            players.append(players_item)

        points = d.pop("points")

        side = PackSideSide(d.pop("side"))

        size = Size(d.pop("size"))

        def _parse_structure(data: object) -> None | StructureKind:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                structure_type_0 = StructureKind(data)

                return structure_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StructureKind, data)

        structure = _parse_structure(d.pop("structure"))

        pack_side = cls(
            armies=armies,
            in_full=in_full,
            players=players,
            points=points,
            side=side,
            size=size,
            structure=structure,
        )

        pack_side.additional_properties = d
        return pack_side

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
