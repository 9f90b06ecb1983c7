from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tag import Tag
from ..models.terrain import Terrain
from ..models.visibility import Visibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.seen_structure import SeenStructure
    from ..models.tile_army import TileArmy
    from ..models.tile_ship import TileShip
    from ..models.tile_structure import TileStructure


T = TypeVar("T", bound="WorldTile")


@_attrs_define
class WorldTile:
    """One tile in the viewer's fog state; absent fields are unknown or empty.

    `unexplored`: only `q`, `r`, `fog`. `explored`: terrain, tags, name and the owner and
    structure as last seen (`seen_turn`). `visible`: everything on it, live.

        Attributes:
            fog (Visibility): How a tile appears to a player (R-FOG-1).
            q (int):
            r (int):
            armies (list[TileArmy] | None | Unset):
            name (None | str | Unset):
            owner (int | None | Unset): Owner's player number, if any.
            seen_turn (int | None | Unset): Explored tiles: when last seen.
            ships (list[TileShip] | None | Unset):
            structure (None | SeenStructure | TileStructure | Unset):
            tags (list[Tag] | None | Unset):
            terrain (None | Terrain | Unset):
    """

    fog: Visibility
    q: int
    r: int
    armies: list[TileArmy] | None | Unset = UNSET
    name: None | str | Unset = UNSET
    owner: int | None | Unset = UNSET
    seen_turn: int | None | Unset = UNSET
    ships: list[TileShip] | None | Unset = UNSET
    structure: None | SeenStructure | TileStructure | Unset = UNSET
    tags: list[Tag] | None | Unset = UNSET
    terrain: None | Terrain | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.seen_structure import SeenStructure  # noqa: PLC0415
        from ..models.tile_structure import TileStructure  # noqa: PLC0415

        fog = self.fog.value

        q = self.q

        r = self.r

        armies: list[dict[str, Any]] | None | Unset
        if isinstance(self.armies, Unset):
            armies = UNSET
        elif isinstance(self.armies, list):
            armies = []
            for armies_type_0_item_data in self.armies:
                armies_type_0_item = armies_type_0_item_data.to_dict()
                armies.append(armies_type_0_item)

        else:
            armies = self.armies

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        owner: int | None | Unset
        if isinstance(self.owner, Unset):
            owner = UNSET
        else:
            owner = self.owner

        seen_turn: int | None | Unset
        if isinstance(self.seen_turn, Unset):
            seen_turn = UNSET
        else:
            seen_turn = self.seen_turn

        ships: list[dict[str, Any]] | None | Unset
        if isinstance(self.ships, Unset):
            ships = UNSET
        elif isinstance(self.ships, list):
            ships = []
            for ships_type_0_item_data in self.ships:
                ships_type_0_item = ships_type_0_item_data.to_dict()
                ships.append(ships_type_0_item)

        else:
            ships = self.ships

        structure: dict[str, Any] | None | Unset
        if isinstance(self.structure, Unset):
            structure = UNSET
        elif isinstance(self.structure, TileStructure):
            structure = self.structure.to_dict()
        elif isinstance(self.structure, SeenStructure):
            structure = self.structure.to_dict()
        else:
            structure = self.structure

        tags: list[str] | None | Unset
        if isinstance(self.tags, Unset):
            tags = UNSET
        elif isinstance(self.tags, list):
            tags = []
            for tags_type_0_item_data in self.tags:
                tags_type_0_item = tags_type_0_item_data.value
                tags.append(tags_type_0_item)

        else:
            tags = self.tags

        terrain: None | str | Unset
        if isinstance(self.terrain, Unset):
            terrain = UNSET
        elif isinstance(self.terrain, Terrain):
            terrain = self.terrain.value
        else:
            terrain = self.terrain

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "fog": fog,
                "q": q,
                "r": r,
            }
        )
        if armies is not UNSET:
            field_dict["armies"] = armies
        if name is not UNSET:
            field_dict["name"] = name
        if owner is not UNSET:
            field_dict["owner"] = owner
        if seen_turn is not UNSET:
            field_dict["seen_turn"] = seen_turn
        if ships is not UNSET:
            field_dict["ships"] = ships
        if structure is not UNSET:
            field_dict["structure"] = structure
        if tags is not UNSET:
            field_dict["tags"] = tags
        if terrain is not UNSET:
            field_dict["terrain"] = terrain

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seen_structure import SeenStructure  # noqa: PLC0415
        from ..models.tile_army import TileArmy  # noqa: PLC0415
        from ..models.tile_ship import TileShip  # noqa: PLC0415
        from ..models.tile_structure import TileStructure  # noqa: PLC0415

        d = dict(src_dict)
        fog = Visibility(d.pop("fog"))

        q = d.pop("q")

        r = d.pop("r")

        def _parse_armies(data: object) -> list[TileArmy] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                armies_type_0 = []
                _armies_type_0 = data
                for armies_type_0_item_data in _armies_type_0:
                    armies_type_0_item = TileArmy.from_dict(armies_type_0_item_data)

                    armies_type_0.append(armies_type_0_item)

                return armies_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[TileArmy] | None | Unset, data)

        armies = _parse_armies(d.pop("armies", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_owner(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        owner = _parse_owner(d.pop("owner", UNSET))

        def _parse_seen_turn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seen_turn = _parse_seen_turn(d.pop("seen_turn", UNSET))

        def _parse_ships(data: object) -> list[TileShip] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                ships_type_0 = []
                _ships_type_0 = data
                for ships_type_0_item_data in _ships_type_0:
                    ships_type_0_item = TileShip.from_dict(ships_type_0_item_data)

                    ships_type_0.append(ships_type_0_item)

                return ships_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[TileShip] | None | Unset, data)

        ships = _parse_ships(d.pop("ships", UNSET))

        def _parse_structure(data: object) -> None | SeenStructure | TileStructure | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                structure_type_0 = TileStructure.from_dict(data)

                return structure_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                structure_type_1 = SeenStructure.from_dict(data)

                return structure_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeenStructure | TileStructure | Unset, data)

        structure = _parse_structure(d.pop("structure", UNSET))

        def _parse_tags(data: object) -> list[Tag] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tags_type_0 = []
                _tags_type_0 = data
                for tags_type_0_item_data in _tags_type_0:
                    tags_type_0_item = Tag(tags_type_0_item_data)

                    tags_type_0.append(tags_type_0_item)

                return tags_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Tag] | None | Unset, data)

        tags = _parse_tags(d.pop("tags", UNSET))

        def _parse_terrain(data: object) -> None | Terrain | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                terrain_type_0 = Terrain(data)

                return terrain_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Terrain | Unset, data)

        terrain = _parse_terrain(d.pop("terrain", UNSET))

        world_tile = cls(
            fog=fog,
            q=q,
            r=r,
            armies=armies,
            name=name,
            owner=owner,
            seen_turn=seen_turn,
            ships=ships,
            structure=structure,
            tags=tags,
            terrain=terrain,
        )

        world_tile.additional_properties = d
        return world_tile

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
