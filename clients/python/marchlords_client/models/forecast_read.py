from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.forecast_line import ForecastLine


T = TypeVar("T", bound="ForecastRead")


@_attrs_define
class ForecastRead:
    """What the next turn change would do to your gold if nothing else happens (R-ECO).

    A stake you won shows what you are owed: the loser pays at most what they hold then.

        Attributes:
            income (list[ForecastLine]):
            insolvent (bool):
            net (int):
            upkeep (list[ForecastLine]):
    """

    income: list[ForecastLine]
    insolvent: bool
    net: int
    upkeep: list[ForecastLine]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        income = []
        for income_item_data in self.income:
            income_item = income_item_data.to_dict()
            income.append(income_item)

        insolvent = self.insolvent

        net = self.net

        upkeep = []
        for upkeep_item_data in self.upkeep:
            upkeep_item = upkeep_item_data.to_dict()
            upkeep.append(upkeep_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "income": income,
                "insolvent": insolvent,
                "net": net,
                "upkeep": upkeep,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.forecast_line import ForecastLine  # noqa: PLC0415

        d = dict(src_dict)
        income = []
        _income = d.pop("income")
        for income_item_data in _income:
            income_item = ForecastLine.from_dict(income_item_data)

            income.append(income_item)

        insolvent = d.pop("insolvent")

        net = d.pop("net")

        upkeep = []
        _upkeep = d.pop("upkeep")
        for upkeep_item_data in _upkeep:
            upkeep_item = ForecastLine.from_dict(upkeep_item_data)

            upkeep.append(upkeep_item)

        forecast_read = cls(
            income=income,
            insolvent=insolvent,
            net=net,
            upkeep=upkeep,
        )

        forecast_read.additional_properties = d
        return forecast_read

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
