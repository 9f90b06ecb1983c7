from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.fate import Fate
from ..models.outcome import Outcome
from ..models.reported_side import ReportedSide
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.battle_player import BattlePlayer
    from ..models.casualty_line import CasualtyLine


T = TypeVar("T", bound="ReportRead")


@_attrs_define
class ReportRead:
    """
    Attributes:
        arbitrated (bool): Entered by the owner arbitrating (R-BAT-5).
        attacker_losses_pct (int): Losses as a percentage of what it fielded.
        defender_losses_pct (int):
        outcome (Outcome):
        reported_by (BattlePlayer | None): None: the owner's ruling.
        reported_side (None | ReportedSide):
        version (int): R-BAT-10: counts this battle's reports and their edits (1 for the first report, one more for each
            edit, later report or ruling); `POST …/confirm?version=` confirms only this version.
        casualties (list[CasualtyLine] | Unset): R-ARMY-7: models lost, unit by unit, from the lists the sides fielded;
            they go onto the lists when the result is confirmed. A line naming an army without a list in the battle, a unit
            not in its list, more models than the unit has, or a unit twice is refused (422 `R-ARMY-7`, `where` naming the
            field). Absent: none; and for whoever does not see the battle's `rosters` (R-FOG-4).
        fate (Fate | None | Unset): For a victorious siege or assault (R-SIEGE-2/4).
        general_captured (bool | Unset): The losing leader's general was captured. Default: False.
    """

    arbitrated: bool
    attacker_losses_pct: int
    defender_losses_pct: int
    outcome: Outcome
    reported_by: BattlePlayer | None
    reported_side: None | ReportedSide
    version: int
    casualties: list[CasualtyLine] | Unset = UNSET
    fate: Fate | None | Unset = UNSET
    general_captured: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        from ..models.battle_player import BattlePlayer  # noqa: PLC0415

        arbitrated = self.arbitrated

        attacker_losses_pct = self.attacker_losses_pct

        defender_losses_pct = self.defender_losses_pct

        outcome = self.outcome.value

        reported_by: dict[str, Any] | None
        if isinstance(self.reported_by, BattlePlayer):
            reported_by = self.reported_by.to_dict()
        else:
            reported_by = self.reported_by

        reported_side: None | str
        if isinstance(self.reported_side, ReportedSide):
            reported_side = self.reported_side.value
        else:
            reported_side = self.reported_side

        version = self.version

        casualties: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.casualties, Unset):
            casualties = []
            for casualties_item_data in self.casualties:
                casualties_item = casualties_item_data.to_dict()
                casualties.append(casualties_item)

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
                "arbitrated": arbitrated,
                "attacker_losses_pct": attacker_losses_pct,
                "defender_losses_pct": defender_losses_pct,
                "outcome": outcome,
                "reported_by": reported_by,
                "reported_side": reported_side,
                "version": version,
            }
        )
        if casualties is not UNSET:
            field_dict["casualties"] = casualties
        if fate is not UNSET:
            field_dict["fate"] = fate
        if general_captured is not UNSET:
            field_dict["general_captured"] = general_captured

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.battle_player import BattlePlayer  # noqa: PLC0415
        from ..models.casualty_line import CasualtyLine  # noqa: PLC0415

        d = dict(src_dict)
        arbitrated = d.pop("arbitrated")

        attacker_losses_pct = d.pop("attacker_losses_pct")

        defender_losses_pct = d.pop("defender_losses_pct")

        outcome = Outcome(d.pop("outcome"))

        def _parse_reported_by(data: object) -> BattlePlayer | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                reported_by_type_0 = BattlePlayer.from_dict(data)

                return reported_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BattlePlayer | None, data)

        reported_by = _parse_reported_by(d.pop("reported_by"))

        def _parse_reported_side(data: object) -> None | ReportedSide:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                reported_side_type_0 = ReportedSide(data)

                return reported_side_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReportedSide, data)

        reported_side = _parse_reported_side(d.pop("reported_side"))

        version = d.pop("version")

        _casualties = d.pop("casualties", UNSET)
        casualties: list[CasualtyLine] | Unset = UNSET
        if _casualties is not UNSET:
            casualties = []
            for casualties_item_data in _casualties:
                casualties_item = CasualtyLine.from_dict(casualties_item_data)

                casualties.append(casualties_item)

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

        report_read = cls(
            arbitrated=arbitrated,
            attacker_losses_pct=attacker_losses_pct,
            defender_losses_pct=defender_losses_pct,
            outcome=outcome,
            reported_by=reported_by,
            reported_side=reported_side,
            version=version,
            casualties=casualties,
            fate=fate,
            general_captured=general_captured,
        )

        return report_read
