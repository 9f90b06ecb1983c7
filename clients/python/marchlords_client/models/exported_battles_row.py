from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.exported_battles_row_status import ExportedBattlesRowStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="ExportedBattlesRow")


@_attrs_define
class ExportedBattlesRow:
    """A `battles` row.

    Attributes:
        attacker (Any):
        auto_confirm_at (datetime.datetime | None):
        defender (Any):
        forces (Any | None):
        id (int):
        kind (str):
        play_by (datetime.datetime | None):
        play_by_proposal (datetime.datetime | None):
        play_by_proposed_by (int | None):
        q (int):
        r (int):
        rejection_reason (None | str):
        report (Any | None):
        report_version (int):
        reported_by (int | None):
        resolved_turn (int | None):
        siege_draws (int):
        status (ExportedBattlesRowStatus):
        turn (int):
        was_disputed (bool | Unset):  Default: False.
    """

    attacker: Any
    auto_confirm_at: datetime.datetime | None
    defender: Any
    forces: Any | None
    id: int
    kind: str
    play_by: datetime.datetime | None
    play_by_proposal: datetime.datetime | None
    play_by_proposed_by: int | None
    q: int
    r: int
    rejection_reason: None | str
    report: Any | None
    report_version: int
    reported_by: int | None
    resolved_turn: int | None
    siege_draws: int
    status: ExportedBattlesRowStatus
    turn: int
    was_disputed: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        attacker = self.attacker

        auto_confirm_at: None | str
        if isinstance(self.auto_confirm_at, datetime.datetime):
            auto_confirm_at = self.auto_confirm_at.isoformat()
        else:
            auto_confirm_at = self.auto_confirm_at

        defender = self.defender

        forces: Any | None
        forces = self.forces

        id = self.id

        kind = self.kind

        play_by: None | str
        if isinstance(self.play_by, datetime.datetime):
            play_by = self.play_by.isoformat()
        else:
            play_by = self.play_by

        play_by_proposal: None | str
        if isinstance(self.play_by_proposal, datetime.datetime):
            play_by_proposal = self.play_by_proposal.isoformat()
        else:
            play_by_proposal = self.play_by_proposal

        play_by_proposed_by: int | None
        play_by_proposed_by = self.play_by_proposed_by

        q = self.q

        r = self.r

        rejection_reason: None | str
        rejection_reason = self.rejection_reason

        report: Any | None
        report = self.report

        report_version = self.report_version

        reported_by: int | None
        reported_by = self.reported_by

        resolved_turn: int | None
        resolved_turn = self.resolved_turn

        siege_draws = self.siege_draws

        status = self.status.value

        turn = self.turn

        was_disputed = self.was_disputed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "attacker": attacker,
                "auto_confirm_at": auto_confirm_at,
                "defender": defender,
                "forces": forces,
                "id": id,
                "kind": kind,
                "play_by": play_by,
                "play_by_proposal": play_by_proposal,
                "play_by_proposed_by": play_by_proposed_by,
                "q": q,
                "r": r,
                "rejection_reason": rejection_reason,
                "report": report,
                "report_version": report_version,
                "reported_by": reported_by,
                "resolved_turn": resolved_turn,
                "siege_draws": siege_draws,
                "status": status,
                "turn": turn,
            }
        )
        if was_disputed is not UNSET:
            field_dict["was_disputed"] = was_disputed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attacker = d.pop("attacker")

        def _parse_auto_confirm_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                auto_confirm_at_type_0 = datetime.datetime.fromisoformat(data)

                return auto_confirm_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        auto_confirm_at = _parse_auto_confirm_at(d.pop("auto_confirm_at"))

        defender = d.pop("defender")

        def _parse_forces(data: object) -> Any | None:
            if data is None:
                return data
            return cast(Any | None, data)

        forces = _parse_forces(d.pop("forces"))

        id = d.pop("id")

        kind = d.pop("kind")

        def _parse_play_by(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                play_by_type_0 = datetime.datetime.fromisoformat(data)

                return play_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        play_by = _parse_play_by(d.pop("play_by"))

        def _parse_play_by_proposal(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                play_by_proposal_type_0 = datetime.datetime.fromisoformat(data)

                return play_by_proposal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        play_by_proposal = _parse_play_by_proposal(d.pop("play_by_proposal"))

        def _parse_play_by_proposed_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        play_by_proposed_by = _parse_play_by_proposed_by(d.pop("play_by_proposed_by"))

        q = d.pop("q")

        r = d.pop("r")

        def _parse_rejection_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rejection_reason = _parse_rejection_reason(d.pop("rejection_reason"))

        def _parse_report(data: object) -> Any | None:
            if data is None:
                return data
            return cast(Any | None, data)

        report = _parse_report(d.pop("report"))

        report_version = d.pop("report_version")

        def _parse_reported_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        reported_by = _parse_reported_by(d.pop("reported_by"))

        def _parse_resolved_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        resolved_turn = _parse_resolved_turn(d.pop("resolved_turn"))

        siege_draws = d.pop("siege_draws")

        status = ExportedBattlesRowStatus(d.pop("status"))

        turn = d.pop("turn")

        was_disputed = d.pop("was_disputed", UNSET)

        exported_battles_row = cls(
            attacker=attacker,
            auto_confirm_at=auto_confirm_at,
            defender=defender,
            forces=forces,
            id=id,
            kind=kind,
            play_by=play_by,
            play_by_proposal=play_by_proposal,
            play_by_proposed_by=play_by_proposed_by,
            q=q,
            r=r,
            rejection_reason=rejection_reason,
            report=report,
            report_version=report_version,
            reported_by=reported_by,
            resolved_turn=resolved_turn,
            siege_draws=siege_draws,
            status=status,
            turn=turn,
            was_disputed=was_disputed,
        )

        return exported_battles_row
