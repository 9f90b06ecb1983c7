from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.piece_kind import PieceKind

T = TypeVar("T", bound="PackPiece")


@_attrs_define
class PackPiece:
    """A terrain piece; its footprint is an ellipse (a rectangle for walls, the sea, buildings,
    fields and ships) centred on (`x`, `y`) inches from the top-left corner.

        Attributes:
            depth (float):
            kind (PieceKind):
            rotation (int): Degrees, clockwise.
            width (float):
            x (float):
            y (float):
    """

    depth: float
    kind: PieceKind
    rotation: int
    width: float
    x: float
    y: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        depth = self.depth

        kind = self.kind.value

        rotation = self.rotation

        width = self.width

        x = self.x

        y = self.y

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "depth": depth,
                "kind": kind,
                "rotation": rotation,
                "width": width,
                "x": x,
                "y": y,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        depth = d.pop("depth")

        kind = PieceKind(d.pop("kind"))

        rotation = d.pop("rotation")

        width = d.pop("width")

        x = d.pop("x")

        y = d.pop("y")

        pack_piece = cls(
            depth=depth,
            kind=kind,
            rotation=rotation,
            width=width,
            x=x,
            y=y,
        )

        pack_piece.additional_properties = d
        return pack_piece

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
