from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.stake_taken_data import StakeTakenData
    from ..models.stake_taken_summary_event_texts_type_0 import StakeTakenSummaryEventTextsType0


T = TypeVar("T", bound="StakeTakenSummaryEvent")


@_attrs_define
class StakeTakenSummaryEvent:
    """A `stake_taken` line of a turn summary.

    Attributes:
        coords (list[list[int]]): The tiles it happened on that you saw.
        data (StakeTakenData):
        kind (Literal['stake_taken']):
        rule (str): The rule it applies (`R-…`).
        texts (None | StakeTakenSummaryEventTextsType0 | Unset): Stored lines and exports only: the texts of `data` by
            key, kept to be said in the reader's language (a read gives them said).
    """

    coords: list[list[int]]
    data: StakeTakenData
    kind: Literal["stake_taken"]
    rule: str
    texts: None | StakeTakenSummaryEventTextsType0 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.stake_taken_summary_event_texts_type_0 import StakeTakenSummaryEventTextsType0  # noqa: PLC0415

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
        elif isinstance(self.texts, StakeTakenSummaryEventTextsType0):
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
        from ..models.stake_taken_data import StakeTakenData  # noqa: PLC0415
        from ..models.stake_taken_summary_event_texts_type_0 import StakeTakenSummaryEventTextsType0  # noqa: PLC0415

        d = dict(src_dict)
        coords = []
        _coords = d.pop("coords")
        for coords_item_data in _coords:
            coords_item = cast(list[int], coords_item_data)

            coords.append(coords_item)

        data = StakeTakenData.from_dict(d.pop("data"))

        kind = cast(Literal["stake_taken"], d.pop("kind"))
        if kind != "stake_taken":
            raise ValueError(f"kind must match const 'stake_taken', got '{kind}'")

        rule = d.pop("rule")

        def _parse_texts(data: object) -> None | StakeTakenSummaryEventTextsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                texts_type_0 = StakeTakenSummaryEventTextsType0.from_dict(data)

                return texts_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StakeTakenSummaryEventTextsType0 | Unset, data)

        texts = _parse_texts(d.pop("texts", UNSET))

        stake_taken_summary_event = cls(
            coords=coords,
            data=data,
            kind=kind,
            rule=rule,
            texts=texts,
        )

        return stake_taken_summary_event
