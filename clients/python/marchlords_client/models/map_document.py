from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.map_document_wrap import MapDocumentWrap
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.slot_doc import SlotDoc
    from ..models.tile_doc import TileDoc


T = TypeVar("T", bound="MapDocument")


@_attrs_define
class MapDocument:
    """A whole map: size, wrap mode, every tile once (`width × height` tiles), and the start slots (R-MAP-4). Coordinates
    are axial `(q, r)`: `r` is the row, 0 at the top, growing southwards. The map is drawn in odd-r offset rows: row `r`
    holds `q` from `-floor(r/2)` to `width - 1 - floor(r/2)` (its column is `q + floor(r/2)`), and odd rows are shifted
    half a hex east. The six neighbours of `(q, r)`, in the order E, NE, NW, W, SW, SE (the order retreats try): `(q+1,
    r)`, `(q+1, r-1)`, `(q, r-1)`, `(q-1, r)`, `(q-1, r+1)`, `(q, r+1)`; the distance between two tiles is `(|dq| + |dr|
    + |dq + dr|) / 2`. Wrap: `none`, no neighbour beyond an edge; `horizontal`, the east and west edges join (column
    `width` of a row is its column 0); `torus`, north and south join as well (the height must be even; the row below the
    last is row 0, the column kept, so `q` shifts by `height / 2`). Coordinates are always given on the map, as the
    server names them.

        Attributes:
            height (int):
            name (str):
            slots (list[SlotDoc]):
            tiles (list[TileDoc]):
            width (int):
            wrap (MapDocumentWrap | Unset):  Default: MapDocumentWrap.NONE.
    """

    height: int
    name: str
    slots: list[SlotDoc]
    tiles: list[TileDoc]
    width: int
    wrap: MapDocumentWrap | Unset = MapDocumentWrap.NONE

    def to_dict(self) -> dict[str, Any]:
        height = self.height

        name = self.name

        slots = []
        for slots_item_data in self.slots:
            slots_item = slots_item_data.to_dict()
            slots.append(slots_item)

        tiles = []
        for tiles_item_data in self.tiles:
            tiles_item = tiles_item_data.to_dict()
            tiles.append(tiles_item)

        width = self.width

        wrap: str | Unset = UNSET
        if not isinstance(self.wrap, Unset):
            wrap = self.wrap.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "height": height,
                "name": name,
                "slots": slots,
                "tiles": tiles,
                "width": width,
            }
        )
        if wrap is not UNSET:
            field_dict["wrap"] = wrap

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.slot_doc import SlotDoc  # noqa: PLC0415
        from ..models.tile_doc import TileDoc  # noqa: PLC0415

        d = dict(src_dict)
        height = d.pop("height")

        name = d.pop("name")

        slots = []
        _slots = d.pop("slots")
        for slots_item_data in _slots:
            slots_item = SlotDoc.from_dict(slots_item_data)

            slots.append(slots_item)

        tiles = []
        _tiles = d.pop("tiles")
        for tiles_item_data in _tiles:
            tiles_item = TileDoc.from_dict(tiles_item_data)

            tiles.append(tiles_item)

        width = d.pop("width")

        _wrap = d.pop("wrap", UNSET)
        wrap: MapDocumentWrap | Unset
        if isinstance(_wrap, Unset):
            wrap = UNSET
        else:
            wrap = MapDocumentWrap(_wrap)

        map_document = cls(
            height=height,
            name=name,
            slots=slots,
            tiles=tiles,
            width=width,
            wrap=wrap,
        )

        return map_document
