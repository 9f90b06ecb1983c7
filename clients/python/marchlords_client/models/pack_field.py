from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.battle_kind import BattleKind
from ..models.pack_kind import PackKind
from ..models.season import Season
from ..models.structure_kind import StructureKind
from ..models.terrain import Terrain

if TYPE_CHECKING:
    from ..models.pack_piece import PackPiece
    from ..models.pack_scenario import PackScenario
    from ..models.pack_table import PackTable
    from ..models.pack_zone import PackZone


T = TypeVar("T", bound="PackField")


@_attrs_define
class PackField:
    """Where and how the battle is fought (R-PACK-1/2).

    Attributes:
        battle_kind (BattleKind):
        game_system (str):
        kind (PackKind): The battle as played on the table (R-PACK-1).
        neighbours (list[None | Terrain]): The six neighbours' terrain, from behind the attacker round by its right (0:
            behind the attacker, 3: behind the defender); null where the map ends.
        pieces (list[PackPiece]):
        scenario (None | PackScenario): Null: a game system not listed.
        season (None | Season): Null: the campaign plays without seasons.
        seed (str): R-PACK-2: the deployment's seed (16 hex digits), the same every time; cite it in a dispute.
        structure (None | StructureKind):
        table (PackTable):
        terrain (Terrain):
        zones (list[PackZone]):
    """

    battle_kind: BattleKind
    game_system: str
    kind: PackKind
    neighbours: list[None | Terrain]
    pieces: list[PackPiece]
    scenario: None | PackScenario
    season: None | Season
    seed: str
    structure: None | StructureKind
    table: PackTable
    terrain: Terrain
    zones: list[PackZone]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.pack_scenario import PackScenario  # noqa: PLC0415

        battle_kind = self.battle_kind.value

        game_system = self.game_system

        kind = self.kind.value

        neighbours = []
        for neighbours_item_data in self.neighbours:
            neighbours_item: None | str
            if isinstance(neighbours_item_data, Terrain):
                neighbours_item = neighbours_item_data.value
            else:
                neighbours_item = neighbours_item_data
            neighbours.append(neighbours_item)

        pieces = []
        for pieces_item_data in self.pieces:
            pieces_item = pieces_item_data.to_dict()
            pieces.append(pieces_item)

        scenario: dict[str, Any] | None
        if isinstance(self.scenario, PackScenario):
            scenario = self.scenario.to_dict()
        else:
            scenario = self.scenario

        season: None | str
        if isinstance(self.season, Season):
            season = self.season.value
        else:
            season = self.season

        seed = self.seed

        structure: None | str
        if isinstance(self.structure, StructureKind):
            structure = self.structure.value
        else:
            structure = self.structure

        table = self.table.to_dict()

        terrain = self.terrain.value

        zones = []
        for zones_item_data in self.zones:
            zones_item = zones_item_data.to_dict()
            zones.append(zones_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "battle_kind": battle_kind,
                "game_system": game_system,
                "kind": kind,
                "neighbours": neighbours,
                "pieces": pieces,
                "scenario": scenario,
                "season": season,
                "seed": seed,
                "structure": structure,
                "table": table,
                "terrain": terrain,
                "zones": zones,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pack_piece import PackPiece  # noqa: PLC0415
        from ..models.pack_scenario import PackScenario  # noqa: PLC0415
        from ..models.pack_table import PackTable  # noqa: PLC0415
        from ..models.pack_zone import PackZone  # noqa: PLC0415

        d = dict(src_dict)
        battle_kind = BattleKind(d.pop("battle_kind"))

        game_system = d.pop("game_system")

        kind = PackKind(d.pop("kind"))

        neighbours = []
        _neighbours = d.pop("neighbours")
        for neighbours_item_data in _neighbours:

            def _parse_neighbours_item(data: object) -> None | Terrain:
                if data is None:
                    return data
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    neighbours_item_type_0 = Terrain(data)

                    return neighbours_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(None | Terrain, data)

            neighbours_item = _parse_neighbours_item(neighbours_item_data)

            neighbours.append(neighbours_item)

        pieces = []
        _pieces = d.pop("pieces")
        for pieces_item_data in _pieces:
            pieces_item = PackPiece.from_dict(pieces_item_data)

            pieces.append(pieces_item)

        def _parse_scenario(data: object) -> None | PackScenario:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                scenario_type_0 = PackScenario.from_dict(data)

                return scenario_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PackScenario, data)

        scenario = _parse_scenario(d.pop("scenario"))

        def _parse_season(data: object) -> None | Season:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                season_type_0 = Season(data)

                return season_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Season, data)

        season = _parse_season(d.pop("season"))

        seed = d.pop("seed")

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

        table = PackTable.from_dict(d.pop("table"))

        terrain = Terrain(d.pop("terrain"))

        zones = []
        _zones = d.pop("zones")
        for zones_item_data in _zones:
            zones_item = PackZone.from_dict(zones_item_data)

            zones.append(zones_item)

        pack_field = cls(
            battle_kind=battle_kind,
            game_system=game_system,
            kind=kind,
            neighbours=neighbours,
            pieces=pieces,
            scenario=scenario,
            season=season,
            seed=seed,
            structure=structure,
            table=table,
            terrain=terrain,
            zones=zones,
        )

        pack_field.additional_properties = d
        return pack_field

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
