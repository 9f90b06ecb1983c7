from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.unit_state import UnitState

T = TypeVar("T", bound="UnitLossRead")


@_attrs_define
class UnitLossRead:
    """What a unit of the list lost in confirmed battles since the upload (R-ARMY-7).

    Attributes:
        lost (int): Models lost, at most the unit's count.
        name (str):
        state (UnitState): What is left of a unit after its battles (R-ARMY-7).
        unit (int): The unit's position in `units`, from 0.
    """

    lost: int
    name: str
    state: UnitState
    unit: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        lost = self.lost

        name = self.name

        state = self.state.value

        unit = self.unit

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lost": lost,
                "name": name,
                "state": state,
                "unit": unit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        lost = d.pop("lost")

        name = d.pop("name")

        state = UnitState(d.pop("state"))

        unit = d.pop("unit")

        unit_loss_read = cls(
            lost=lost,
            name=name,
            state=state,
            unit=unit,
        )

        unit_loss_read.additional_properties = d
        return unit_loss_read

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
