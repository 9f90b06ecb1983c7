from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.tag import Tag
from ..models.terrain import Terrain
from ..types import UNSET, Unset

T = TypeVar("T", bound="TileDoc")


@_attrs_define
class TileDoc:
    """
    Attributes:
        q (int):
        r (int):
        terrain (Terrain):
        name (None | str | Unset):
        tags (list[Tag] | Unset):
    """

    q: int
    r: int
    terrain: Terrain
    name: None | str | Unset = UNSET
    tags: list[Tag] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        q = self.q

        r = self.r

        terrain = self.terrain.value

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = []
            for tags_item_data in self.tags:
                tags_item = tags_item_data.value
                tags.append(tags_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "q": q,
                "r": r,
                "terrain": terrain,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if tags is not UNSET:
            field_dict["tags"] = tags

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        q = d.pop("q")

        r = d.pop("r")

        terrain = Terrain(d.pop("terrain"))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        _tags = d.pop("tags", UNSET)
        tags: list[Tag] | Unset = UNSET
        if _tags is not UNSET:
            tags = []
            for tags_item_data in _tags:
                tags_item = Tag(tags_item_data)

                tags.append(tags_item)

        tile_doc = cls(
            q=q,
            r=r,
            terrain=terrain,
            name=name,
            tags=tags,
        )

        return tile_doc
