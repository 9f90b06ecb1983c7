from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.general_freed_data import GeneralFreedData
    from ..models.general_freed_summary_event_texts_type_0 import GeneralFreedSummaryEventTextsType0


T = TypeVar("T", bound="GeneralFreedSummaryEvent")


@_attrs_define
class GeneralFreedSummaryEvent:
    """A `general_freed` line of a turn summary.

    Attributes:
        coords (list[list[int]]): The tiles it happened on that you saw.
        data (GeneralFreedData):
        kind (Literal['general_freed']):
        rule (str): The rule it applies (`R-…`).
        texts (GeneralFreedSummaryEventTextsType0 | None | Unset): Stored lines and exports only: the texts of `data` by
            key, kept to be said in the reader's language (a read gives them said).
    """

    coords: list[list[int]]
    data: GeneralFreedData
    kind: Literal["general_freed"]
    rule: str
    texts: GeneralFreedSummaryEventTextsType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.general_freed_summary_event_texts_type_0 import GeneralFreedSummaryEventTextsType0  # noqa: PLC0415

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
        elif isinstance(self.texts, GeneralFreedSummaryEventTextsType0):
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
        from ..models.general_freed_data import GeneralFreedData  # noqa: PLC0415
        from ..models.general_freed_summary_event_texts_type_0 import GeneralFreedSummaryEventTextsType0  # noqa: PLC0415

        d = dict(src_dict)
        coords = []
        _coords = d.pop("coords")
        for coords_item_data in _coords:
            coords_item = cast(list[int], coords_item_data)

            coords.append(coords_item)

        data = GeneralFreedData.from_dict(d.pop("data"))

        kind = cast(Literal["general_freed"], d.pop("kind"))
        if kind != "general_freed":
            raise ValueError(f"kind must match const 'general_freed', got '{kind}'")

        rule = d.pop("rule")

        def _parse_texts(data: object) -> GeneralFreedSummaryEventTextsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                texts_type_0 = GeneralFreedSummaryEventTextsType0.from_dict(data)

                return texts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GeneralFreedSummaryEventTextsType0 | None | Unset, data)

        texts = _parse_texts(d.pop("texts", UNSET))

        general_freed_summary_event = cls(
            coords=coords,
            data=data,
            kind=kind,
            rule=rule,
            texts=texts,
        )

        return general_freed_summary_event
