from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.fate import Fate
from ..models.outcome import Outcome
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReportCreate")


@_attrs_define
class ReportCreate:
    """A result from the table (R-BAT-6).

    Attributes:
        attacker_losses_pct (int): Losses as a percentage of what it fielded.
        defender_losses_pct (int):
        outcome (Outcome):
        fate (Fate | None | Unset): For a victorious siege or assault (R-SIEGE-2/4).
        general_captured (bool | Unset): The losing leader's general was captured. Default: False.
    """

    attacker_losses_pct: int
    defender_losses_pct: int
    outcome: Outcome
    fate: Fate | None | Unset = UNSET
    general_captured: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        attacker_losses_pct = self.attacker_losses_pct

        defender_losses_pct = self.defender_losses_pct

        outcome = self.outcome.value

        fate: None | str | Unset
        if isinstance(self.fate, Unset):
            fate = UNSET
        elif isinstance(self.fate, Fate):
            fate = self.fate.value
        else:
            fate = self.fate

        general_captured = self.general_captured

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "attacker_losses_pct": attacker_losses_pct,
                "defender_losses_pct": defender_losses_pct,
                "outcome": outcome,
            }
        )
        if fate is not UNSET:
            field_dict["fate"] = fate
        if general_captured is not UNSET:
            field_dict["general_captured"] = general_captured

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attacker_losses_pct = d.pop("attacker_losses_pct")

        defender_losses_pct = d.pop("defender_losses_pct")

        outcome = Outcome(d.pop("outcome"))

        def _parse_fate(data: object) -> Fate | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fate_type_0 = Fate(data)

                return fate_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Fate | None | Unset, data)

        fate = _parse_fate(d.pop("fate", UNSET))

        general_captured = d.pop("general_captured", UNSET)

        report_create = cls(
            attacker_losses_pct=attacker_losses_pct,
            defender_losses_pct=defender_losses_pct,
            outcome=outcome,
            fate=fate,
            general_captured=general_captured,
        )

        return report_create
