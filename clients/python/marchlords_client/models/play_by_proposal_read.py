from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.play_by_proposal_read_side import PlayByProposalReadSide

T = TypeVar("T", bound="PlayByProposalRead")


@_attrs_define
class PlayByProposalRead:
    """A play-by date one side proposed, waiting for the other side (R-BAT-8).

    Attributes:
        date (datetime.datetime):
        side (PlayByProposalReadSide): The side that proposed it; the other side accepts.
    """

    date: datetime.datetime
    side: PlayByProposalReadSide
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        side = self.side.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "side": side,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        date = datetime.datetime.fromisoformat(d.pop("date"))

        side = PlayByProposalReadSide(d.pop("side"))

        play_by_proposal_read = cls(
            date=date,
            side=side,
        )

        play_by_proposal_read.additional_properties = d
        return play_by_proposal_read

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
