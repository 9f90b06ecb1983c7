from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayerReadyPayload")


@_attrs_define
class PlayerReadyPayload:
    """
    Attributes:
        player (int):
        ready (bool):
    """

    player: int
    ready: bool

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        ready = self.ready

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "ready": ready,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        ready = d.pop("ready")

        player_ready_payload = cls(
            player=player,
            ready=ready,
        )

        return player_ready_payload
