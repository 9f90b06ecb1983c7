from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HolderRead")


@_attrs_define
class HolderRead:
    """One holder of a seat, from which turn to which (R-CAMP-6).

    Attributes:
        from_turn (int): The turn they took the seat (1: from the start).
        is_you (bool):
        name (None | str): The holder's display name; null where anonymity hides it (R-CAMP-5).
        to_turn (int | None): The turn they handed it over; null: holds it now.
    """

    from_turn: int
    is_you: bool
    name: None | str
    to_turn: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from_turn = self.from_turn

        is_you = self.is_you

        name: None | str
        name = self.name

        to_turn: int | None
        to_turn = self.to_turn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "from_turn": from_turn,
                "is_you": is_you,
                "name": name,
                "to_turn": to_turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_turn = d.pop("from_turn")

        is_you = d.pop("is_you")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_to_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_turn = _parse_to_turn(d.pop("to_turn"))

        holder_read = cls(
            from_turn=from_turn,
            is_you=is_you,
            name=name,
            to_turn=to_turn,
        )

        holder_read.additional_properties = d
        return holder_read

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
