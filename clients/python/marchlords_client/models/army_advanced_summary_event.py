from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.army_advanced_summary_event_texts_type_0 import ArmyAdvancedSummaryEventTextsType0
    from ..models.army_move_data import ArmyMoveData


T = TypeVar("T", bound="ArmyAdvancedSummaryEvent")


@_attrs_define
class ArmyAdvancedSummaryEvent:
    """A `army_advanced` line of a turn summary.

    Attributes:
        coords (list[list[int]]): The tiles it happened on that you saw.
        data (ArmyMoveData):
        kind (Literal['army_advanced']):
        rule (str): The rule it applies (`R-…`).
        texts (ArmyAdvancedSummaryEventTextsType0 | None | Unset): Stored lines and exports only: the texts of `data` by
            key, kept to be said in the reader's language (a read gives them said).
    """

    coords: list[list[int]]
    data: ArmyMoveData
    kind: Literal["army_advanced"]
    rule: str
    texts: ArmyAdvancedSummaryEventTextsType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.army_advanced_summary_event_texts_type_0 import ArmyAdvancedSummaryEventTextsType0  # noqa: PLC0415

        coords = []
        for coords_item_data in self.coords:
            coords_item = coords_item_data

            coords.append(coords_item)

        data = self.data.to_dict()

        kind = self.kind

        rule = self.rule

        texts: dict[str, Any] | None | Unset
        if isinstance(self.texts, Unset):
            texts = UNSET
        elif isinstance(self.texts, ArmyAdvancedSummaryEventTextsType0):
            texts = self.texts.to_dict()
        else:
            texts = self.texts

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "coords": coords,
                "data": data,
                "kind": kind,
                "rule": rule,
            }
        )
        if texts is not UNSET:
            field_dict["texts"] = texts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.army_advanced_summary_event_texts_type_0 import ArmyAdvancedSummaryEventTextsType0  # noqa: PLC0415
        from ..models.army_move_data import ArmyMoveData  # noqa: PLC0415

        d = dict(src_dict)
        coords = []
        _coords = d.pop("coords")
        for coords_item_data in _coords:
            coords_item = cast(list[int], coords_item_data)

            coords.append(coords_item)

        data = ArmyMoveData.from_dict(d.pop("data"))

        kind = cast(Literal["army_advanced"], d.pop("kind"))
        if kind != "army_advanced":
            raise ValueError(f"kind must match const 'army_advanced', got '{kind}'")

        rule = d.pop("rule")

        def _parse_texts(data: object) -> ArmyAdvancedSummaryEventTextsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                texts_type_0 = ArmyAdvancedSummaryEventTextsType0.from_dict(data)

                return texts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ArmyAdvancedSummaryEventTextsType0 | None | Unset, data)

        texts = _parse_texts(d.pop("texts", UNSET))

        army_advanced_summary_event = cls(
            coords=coords,
            data=data,
            kind=kind,
            rule=rule,
            texts=texts,
        )

        return army_advanced_summary_event
