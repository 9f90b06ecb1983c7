from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.battle_roster_read_side import BattleRosterReadSide

if TYPE_CHECKING:
    from ..models.roster_read import RosterRead


T = TypeVar("T", bound="BattleRosterRead")


@_attrs_define
class BattleRosterRead:
    """An army's list in a battle, checked at the army's tier when the battle was declared.

    Attributes:
        army_id (int):
        exceeds_caps (bool): R-ARMY-4: the list exceeds its army's caps at the tier it was declared with (`roster.check`
            says by how much).
        roster (RosterRead): An army's list, as its owner, the game master, or (once a battle is declared) the
            battle's participants see it (R-FOG-4).
        side (BattleRosterReadSide):
    """

    army_id: int
    exceeds_caps: bool
    roster: RosterRead
    side: BattleRosterReadSide
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        army_id = self.army_id

        exceeds_caps = self.exceeds_caps

        roster = self.roster.to_dict()

        side = self.side.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "army_id": army_id,
                "exceeds_caps": exceeds_caps,
                "roster": roster,
                "side": side,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.roster_read import RosterRead  # noqa: PLC0415

        d = dict(src_dict)
        army_id = d.pop("army_id")

        exceeds_caps = d.pop("exceeds_caps")

        roster = RosterRead.from_dict(d.pop("roster"))

        side = BattleRosterReadSide(d.pop("side"))

        battle_roster_read = cls(
            army_id=army_id,
            exceeds_caps=exceeds_caps,
            roster=roster,
            side=side,
        )

        battle_roster_read.additional_properties = d
        return battle_roster_read

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
