from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.vassal_offer import VassalOffer

T = TypeVar("T", bound="VassalageEdict")


@_attrs_define
class VassalageEdict:
    """Offer to become someone's vassal, or demand that they become yours.

    Attributes:
        kind (Literal['vassalage']):
        offer (VassalOffer):
        to (int):
    """

    kind: Literal["vassalage"]
    offer: VassalOffer
    to: int

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        offer = self.offer.value

        to = self.to

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "offer": offer,
                "to": to,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["vassalage"], d.pop("kind"))
        if kind != "vassalage":
            raise ValueError(f"kind must match const 'vassalage', got '{kind}'")

        offer = VassalOffer(d.pop("offer"))

        to = d.pop("to")

        vassalage_edict = cls(
            kind=kind,
            offer=offer,
            to=to,
        )

        return vassalage_edict
