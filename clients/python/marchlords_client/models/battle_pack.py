from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.battle_pack_your_side_type_0 import BattlePackYourSideType0

if TYPE_CHECKING:
    from ..models.pack_field import PackField
    from ..models.pack_side import PackSide
    from ..models.pack_stakes import PackStakes


T = TypeVar("T", bound="BattlePack")


@_attrs_define
class BattlePack:
    """A battle set up for the table, as the reader may see it (R-PACK).

    Attributes:
        battle_id (int):
        field (PackField): Where and how the battle is fought (R-PACK-1/2).
        q (int):
        r (int):
        report_path (str): The web client's page to report the battle's result (the QR code's target, on this server).
        sides (list[PackSide]): The attacker, then the defender.
        stakes (PackStakes): What each outcome does on the map (R-BAT-7, R-SIEGE) and the gold at stake.
        turn (int):
        your_side (BattlePackYourSideType0 | None):
    """

    battle_id: int
    field: PackField
    q: int
    r: int
    report_path: str
    sides: list[PackSide]
    stakes: PackStakes
    turn: int
    your_side: BattlePackYourSideType0 | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        battle_id = self.battle_id

        field = self.field.to_dict()

        q = self.q

        r = self.r

        report_path = self.report_path

        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data.to_dict()
            sides.append(sides_item)

        stakes = self.stakes.to_dict()

        turn = self.turn

        your_side: None | str
        if isinstance(self.your_side, BattlePackYourSideType0):
            your_side = self.your_side.value
        else:
            your_side = self.your_side

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "battle_id": battle_id,
                "field": field,
                "q": q,
                "r": r,
                "report_path": report_path,
                "sides": sides,
                "stakes": stakes,
                "turn": turn,
                "your_side": your_side,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pack_field import PackField  # noqa: PLC0415
        from ..models.pack_side import PackSide  # noqa: PLC0415
        from ..models.pack_stakes import PackStakes  # noqa: PLC0415

        d = dict(src_dict)
        battle_id = d.pop("battle_id")

        field = PackField.from_dict(d.pop("field"))

        q = d.pop("q")

        r = d.pop("r")

        report_path = d.pop("report_path")

        sides = []
        _sides = d.pop("sides")
        for sides_item_data in _sides:
            sides_item = PackSide.from_dict(sides_item_data)

            sides.append(sides_item)

        stakes = PackStakes.from_dict(d.pop("stakes"))

        turn = d.pop("turn")

        def _parse_your_side(data: object) -> BattlePackYourSideType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                your_side_type_0 = BattlePackYourSideType0(data)

                return your_side_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BattlePackYourSideType0 | None, data)

        your_side = _parse_your_side(d.pop("your_side"))

        battle_pack = cls(
            battle_id=battle_id,
            field=field,
            q=q,
            r=r,
            report_path=report_path,
            sides=sides,
            stakes=stakes,
            turn=turn,
            your_side=your_side,
        )

        battle_pack.additional_properties = d
        return battle_pack

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
