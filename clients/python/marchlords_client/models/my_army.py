from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pending_move import PendingMove
    from ..models.veteran_battle_read import VeteranBattleRead


T = TypeVar("T", bound="MyArmy")


@_attrs_define
class MyArmy:
    """
    Attributes:
        at_sea (bool):
        general_id (int | None): None: its general was captured (R-ARMY-6).
        id (int):
        locked_in_battle (bool):
        q (int):
        r (int):
        raised_turn (int):
        seat_id (int | None):
        tier (int):
        entrenched (bool | Unset): Ordered to entrench this turn instead of moving (R-OPT-4). Default: False.
        move (None | PendingMove | Unset):
        upgrade_cost (int | None | Unset): Set when an upgrade is ordered this turn: the gold paid.
        veteran (list[VeteranBattleRead] | Unset): R-ARMY-7: the battles it fought to a confirmed result, oldest first;
            absent while it has none.
    """

    at_sea: bool
    general_id: int | None
    id: int
    locked_in_battle: bool
    q: int
    r: int
    raised_turn: int
    seat_id: int | None
    tier: int
    entrenched: bool | Unset = False
    move: None | PendingMove | Unset = UNSET
    upgrade_cost: int | None | Unset = UNSET
    veteran: list[VeteranBattleRead] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.pending_move import PendingMove  # noqa: PLC0415

        at_sea = self.at_sea

        general_id: int | None
        general_id = self.general_id

        id = self.id

        locked_in_battle = self.locked_in_battle

        q = self.q

        r = self.r

        raised_turn = self.raised_turn

        seat_id: int | None
        seat_id = self.seat_id

        tier = self.tier

        entrenched = self.entrenched

        move: dict[str, Any] | None | Unset
        if isinstance(self.move, Unset):
            move = UNSET
        elif isinstance(self.move, PendingMove):
            move = self.move.to_dict()
        else:
            move = self.move

        upgrade_cost: int | None | Unset
        if isinstance(self.upgrade_cost, Unset):
            upgrade_cost = UNSET
        else:
            upgrade_cost = self.upgrade_cost

        veteran: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.veteran, Unset):
            veteran = []
            for veteran_item_data in self.veteran:
                veteran_item = veteran_item_data.to_dict()
                veteran.append(veteran_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at_sea": at_sea,
                "general_id": general_id,
                "id": id,
                "locked_in_battle": locked_in_battle,
                "q": q,
                "r": r,
                "raised_turn": raised_turn,
                "seat_id": seat_id,
                "tier": tier,
            }
        )
        if entrenched is not UNSET:
            field_dict["entrenched"] = entrenched
        if move is not UNSET:
            field_dict["move"] = move
        if upgrade_cost is not UNSET:
            field_dict["upgrade_cost"] = upgrade_cost
        if veteran is not UNSET:
            field_dict["veteran"] = veteran

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pending_move import PendingMove  # noqa: PLC0415
        from ..models.veteran_battle_read import VeteranBattleRead  # noqa: PLC0415

        d = dict(src_dict)
        at_sea = d.pop("at_sea")

        def _parse_general_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        general_id = _parse_general_id(d.pop("general_id"))

        id = d.pop("id")

        locked_in_battle = d.pop("locked_in_battle")

        q = d.pop("q")

        r = d.pop("r")

        raised_turn = d.pop("raised_turn")

        def _parse_seat_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat_id = _parse_seat_id(d.pop("seat_id"))

        tier = d.pop("tier")

        entrenched = d.pop("entrenched", UNSET)

        def _parse_move(data: object) -> None | PendingMove | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                move_type_0 = PendingMove.from_dict(data)

                return move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PendingMove | Unset, data)

        move = _parse_move(d.pop("move", UNSET))

        def _parse_upgrade_cost(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        upgrade_cost = _parse_upgrade_cost(d.pop("upgrade_cost", UNSET))

        _veteran = d.pop("veteran", UNSET)
        veteran: list[VeteranBattleRead] | Unset = UNSET
        if _veteran is not UNSET:
            veteran = []
            for veteran_item_data in _veteran:
                veteran_item = VeteranBattleRead.from_dict(veteran_item_data)

                veteran.append(veteran_item)

        my_army = cls(
            at_sea=at_sea,
            general_id=general_id,
            id=id,
            locked_in_battle=locked_in_battle,
            q=q,
            r=r,
            raised_turn=raised_turn,
            seat_id=seat_id,
            tier=tier,
            entrenched=entrenched,
            move=move,
            upgrade_cost=upgrade_cost,
            veteran=veteran,
        )

        my_army.additional_properties = d
        return my_army

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
