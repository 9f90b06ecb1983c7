from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.campaign_status import CampaignStatus

T = TypeVar("T", bound="TurnState")


@_attrs_define
class TurnState:
    """What a turn change alters on the campaign row.

    Attributes:
        next_id (int):
        status (CampaignStatus):
        storms (list[Any]):
        turn (int):
    """

    next_id: int
    status: CampaignStatus
    storms: list[Any]
    turn: int

    def to_dict(self) -> dict[str, Any]:
        next_id = self.next_id

        status = self.status.value

        storms = self.storms

        turn = self.turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "next_id": next_id,
                "status": status,
                "storms": storms,
                "turn": turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        next_id = d.pop("next_id")

        status = CampaignStatus(d.pop("status"))

        storms = cast(list[Any], d.pop("storms"))

        turn = d.pop("turn")

        turn_state = cls(
            next_id=next_id,
            status=status,
            storms=storms,
            turn=turn,
        )

        return turn_state
