from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.generated_map_wrap import GeneratedMapWrap
from ..types import UNSET, Unset

T = TypeVar("T", bound="GeneratedMap")


@_attrs_define
class GeneratedMap:
    """Parameters of a map generated from a seed (same seed → same map). Coordinates are axial `(q, r)`: `r` is the row, 0
    at the top, growing southwards. The map is drawn in odd-r offset rows: row `r` holds `q` from `-floor(r/2)` to
    `width - 1 - floor(r/2)` (its column is `q + floor(r/2)`), and odd rows are shifted half a hex east. The six
    neighbours of `(q, r)`, in the order E, NE, NW, W, SW, SE (the order retreats try): `(q+1, r)`, `(q+1, r-1)`, `(q,
    r-1)`, `(q-1, r)`, `(q-1, r+1)`, `(q, r+1)`; the distance between two tiles is `(|dq| + |dr| + |dq + dr|) / 2`.
    Wrap: `none`, no neighbour beyond an edge; `horizontal`, the east and west edges join (column `width` of a row is
    its column 0); `torus`, north and south join as well (the height must be even; the row below the last is row 0, the
    column kept, so `q` shifts by `height / 2`). Coordinates are always given on the map, as the server names them.

        Attributes:
            height (int | Unset):  Default: 18.
            players (int | Unset): At most one per 4 tiles: width × height / 4 (R-MAP-4). Default: 4.
            seed (int | Unset):  Default: 0.
            width (int | Unset):  Default: 24.
            wrap (GeneratedMapWrap | Unset):  Default: GeneratedMapWrap.NONE.
    """

    height: int | Unset = 18
    players: int | Unset = 4
    seed: int | Unset = 0
    width: int | Unset = 24
    wrap: GeneratedMapWrap | Unset = GeneratedMapWrap.NONE

    def to_dict(self) -> dict[str, Any]:
        height = self.height

        players = self.players

        seed = self.seed

        width = self.width

        wrap: str | Unset = UNSET
        if not isinstance(self.wrap, Unset):
            wrap = self.wrap.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if height is not UNSET:
            field_dict["height"] = height
        if players is not UNSET:
            field_dict["players"] = players
        if seed is not UNSET:
            field_dict["seed"] = seed
        if width is not UNSET:
            field_dict["width"] = width
        if wrap is not UNSET:
            field_dict["wrap"] = wrap

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        height = d.pop("height", UNSET)

        players = d.pop("players", UNSET)

        seed = d.pop("seed", UNSET)

        width = d.pop("width", UNSET)

        _wrap = d.pop("wrap", UNSET)
        wrap: GeneratedMapWrap | Unset
        if isinstance(_wrap, Unset):
            wrap = UNSET
        else:
            wrap = GeneratedMapWrap(_wrap)

        generated_map = cls(
            height=height,
            players=players,
            seed=seed,
            width=width,
            wrap=wrap,
        )

        return generated_map
