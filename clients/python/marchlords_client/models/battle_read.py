from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.battle_kind import BattleKind
from ..models.battle_status import BattleStatus
from ..models.your_side import YourSide
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.battle_roster_read import BattleRosterRead
    from ..models.battle_side_read import BattleSideRead
    from ..models.play_by_proposal_read import PlayByProposalRead
    from ..models.report_read import ReportRead
    from ..models.stake_read import StakeRead


T = TypeVar("T", bound="BattleRead")


@_attrs_define
class BattleRead:
    """A battle as the caller may see it (R-FOG-3/4).

    Attributes:
        attacker (BattleSideRead):
        defender (BattleSideRead):
        id (int):
        kind (BattleKind):
        q (int):
        r (int):
        rejection_reason (None | str): Why the last report was rejected.
        report (None | ReportRead): The current report; onlookers see it once the result stands.
        resolved_turn (int | None):
        stake (None | StakeRead): Only for participants and the game master.
        status (BattleStatus): Where a battle stands in the two-step report (R-BAT-5).
        turn (int): The turn whose change declared it: a battle of `turn: 3` was declared at the change from turn 3 to
            turn 4, and is played during turn 4.
        your_side (None | YourSide):
        auto_confirm_at (datetime.datetime | None | Unset): R-BAT-9: when the pending report confirms itself unless the
            other side answers first (shifted by pauses). Only for participants and the game master.
        play_by (datetime.datetime | None | Unset): R-BAT-8: the date both sides agreed to play the battle by; null:
            none yet.
        play_by_proposal (None | PlayByProposalRead | Unset): R-BAT-8: a proposed date waiting for the other side.
        rosters (list[BattleRosterRead] | None | Unset): R-FOG-4: the lists of both sides' armies (those that have one),
            for the battle's participants and the game master only; null for everyone else. The lists as fielded: copied
            when the battle was declared, kept after it.
        suggested_dates (list[datetime.datetime] | Unset): R-BAT-11: in a campaign on a weekly schedule (R-TURN-9), the
            next club nights (at most four, ascending, in UTC) after now and at or before the battle's deadline (the battle
            deadline, else the turn's), each a date `POST …/play-by` takes; empty without a schedule, for a battle over, or
            when none falls before the deadline.
        waits_for_earlier_battle (bool | None | Unset): True while an earlier-declared battle of one of its armies is
            pending: an army in several battles plays them in declaration order, so no result can be reported yet
            (R-MOVE-3). Only for participants and the game master; null otherwise.
    """

    attacker: BattleSideRead
    defender: BattleSideRead
    id: int
    kind: BattleKind
    q: int
    r: int
    rejection_reason: None | str
    report: None | ReportRead
    resolved_turn: int | None
    stake: None | StakeRead
    status: BattleStatus
    turn: int
    your_side: None | YourSide
    auto_confirm_at: datetime.datetime | None | Unset = UNSET
    play_by: datetime.datetime | None | Unset = UNSET
    play_by_proposal: None | PlayByProposalRead | Unset = UNSET
    rosters: list[BattleRosterRead] | None | Unset = UNSET
    suggested_dates: list[datetime.datetime] | Unset = UNSET
    waits_for_earlier_battle: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.play_by_proposal_read import PlayByProposalRead  # noqa: PLC0415
        from ..models.report_read import ReportRead  # noqa: PLC0415
        from ..models.stake_read import StakeRead  # noqa: PLC0415

        attacker = self.attacker.to_dict()

        defender = self.defender.to_dict()

        id = self.id

        kind = self.kind.value

        q = self.q

        r = self.r

        rejection_reason: None | str
        rejection_reason = self.rejection_reason

        report: dict[str, Any] | None
        if isinstance(self.report, ReportRead):
            report = self.report.to_dict()
        else:
            report = self.report

        resolved_turn: int | None
        resolved_turn = self.resolved_turn

        stake: dict[str, Any] | None
        if isinstance(self.stake, StakeRead):
            stake = self.stake.to_dict()
        else:
            stake = self.stake

        status = self.status.value

        turn = self.turn

        your_side: None | str
        if isinstance(self.your_side, YourSide):
            your_side = self.your_side.value
        else:
            your_side = self.your_side

        auto_confirm_at: None | str | Unset
        if isinstance(self.auto_confirm_at, Unset):
            auto_confirm_at = UNSET
        elif isinstance(self.auto_confirm_at, datetime.datetime):
            auto_confirm_at = self.auto_confirm_at.isoformat()
        else:
            auto_confirm_at = self.auto_confirm_at

        play_by: None | str | Unset
        if isinstance(self.play_by, Unset):
            play_by = UNSET
        elif isinstance(self.play_by, datetime.datetime):
            play_by = self.play_by.isoformat()
        else:
            play_by = self.play_by

        play_by_proposal: dict[str, Any] | None | Unset
        if isinstance(self.play_by_proposal, Unset):
            play_by_proposal = UNSET
        elif isinstance(self.play_by_proposal, PlayByProposalRead):
            play_by_proposal = self.play_by_proposal.to_dict()
        else:
            play_by_proposal = self.play_by_proposal

        rosters: list[dict[str, Any]] | None | Unset
        if isinstance(self.rosters, Unset):
            rosters = UNSET
        elif isinstance(self.rosters, list):
            rosters = []
            for rosters_type_0_item_data in self.rosters:
                rosters_type_0_item = rosters_type_0_item_data.to_dict()
                rosters.append(rosters_type_0_item)

        else:
            rosters = self.rosters

        suggested_dates: list[str] | Unset = UNSET
        if not isinstance(self.suggested_dates, Unset):
            suggested_dates = []
            for suggested_dates_item_data in self.suggested_dates:
                suggested_dates_item = suggested_dates_item_data.isoformat()
                suggested_dates.append(suggested_dates_item)

        waits_for_earlier_battle: bool | None | Unset
        if isinstance(self.waits_for_earlier_battle, Unset):
            waits_for_earlier_battle = UNSET
        else:
            waits_for_earlier_battle = self.waits_for_earlier_battle

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attacker": attacker,
                "defender": defender,
                "id": id,
                "kind": kind,
                "q": q,
                "r": r,
                "rejection_reason": rejection_reason,
                "report": report,
                "resolved_turn": resolved_turn,
                "stake": stake,
                "status": status,
                "turn": turn,
                "your_side": your_side,
            }
        )
        if auto_confirm_at is not UNSET:
            field_dict["auto_confirm_at"] = auto_confirm_at
        if play_by is not UNSET:
            field_dict["play_by"] = play_by
        if play_by_proposal is not UNSET:
            field_dict["play_by_proposal"] = play_by_proposal
        if rosters is not UNSET:
            field_dict["rosters"] = rosters
        if suggested_dates is not UNSET:
            field_dict["suggested_dates"] = suggested_dates
        if waits_for_earlier_battle is not UNSET:
            field_dict["waits_for_earlier_battle"] = waits_for_earlier_battle

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.battle_roster_read import BattleRosterRead  # noqa: PLC0415
        from ..models.battle_side_read import BattleSideRead  # noqa: PLC0415
        from ..models.play_by_proposal_read import PlayByProposalRead  # noqa: PLC0415
        from ..models.report_read import ReportRead  # noqa: PLC0415
        from ..models.stake_read import StakeRead  # noqa: PLC0415

        d = dict(src_dict)
        attacker = BattleSideRead.from_dict(d.pop("attacker"))

        defender = BattleSideRead.from_dict(d.pop("defender"))

        id = d.pop("id")

        kind = BattleKind(d.pop("kind"))

        q = d.pop("q")

        r = d.pop("r")

        def _parse_rejection_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rejection_reason = _parse_rejection_reason(d.pop("rejection_reason"))

        def _parse_report(data: object) -> None | ReportRead:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                report_type_0 = ReportRead.from_dict(data)

                return report_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReportRead, data)

        report = _parse_report(d.pop("report"))

        def _parse_resolved_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        resolved_turn = _parse_resolved_turn(d.pop("resolved_turn"))

        def _parse_stake(data: object) -> None | StakeRead:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                stake_type_0 = StakeRead.from_dict(data)

                return stake_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StakeRead, data)

        stake = _parse_stake(d.pop("stake"))

        status = BattleStatus(d.pop("status"))

        turn = d.pop("turn")

        def _parse_your_side(data: object) -> None | YourSide:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                your_side_type_0 = YourSide(data)

                return your_side_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | YourSide, data)

        your_side = _parse_your_side(d.pop("your_side"))

        def _parse_auto_confirm_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                auto_confirm_at_type_0 = datetime.datetime.fromisoformat(data)

                return auto_confirm_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        auto_confirm_at = _parse_auto_confirm_at(d.pop("auto_confirm_at", UNSET))

        def _parse_play_by(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                play_by_type_0 = datetime.datetime.fromisoformat(data)

                return play_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        play_by = _parse_play_by(d.pop("play_by", UNSET))

        def _parse_play_by_proposal(data: object) -> None | PlayByProposalRead | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                play_by_proposal_type_0 = PlayByProposalRead.from_dict(data)

                return play_by_proposal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlayByProposalRead | Unset, data)

        play_by_proposal = _parse_play_by_proposal(d.pop("play_by_proposal", UNSET))

        def _parse_rosters(data: object) -> list[BattleRosterRead] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                rosters_type_0 = []
                _rosters_type_0 = data
                for rosters_type_0_item_data in _rosters_type_0:
                    rosters_type_0_item = BattleRosterRead.from_dict(rosters_type_0_item_data)

                    rosters_type_0.append(rosters_type_0_item)

                return rosters_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[BattleRosterRead] | None | Unset, data)

        rosters = _parse_rosters(d.pop("rosters", UNSET))

        _suggested_dates = d.pop("suggested_dates", UNSET)
        suggested_dates: list[datetime.datetime] | Unset = UNSET
        if _suggested_dates is not UNSET:
            suggested_dates = []
            for suggested_dates_item_data in _suggested_dates:
                suggested_dates_item = datetime.datetime.fromisoformat(suggested_dates_item_data)

                suggested_dates.append(suggested_dates_item)

        def _parse_waits_for_earlier_battle(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        waits_for_earlier_battle = _parse_waits_for_earlier_battle(d.pop("waits_for_earlier_battle", UNSET))

        battle_read = cls(
            attacker=attacker,
            defender=defender,
            id=id,
            kind=kind,
            q=q,
            r=r,
            rejection_reason=rejection_reason,
            report=report,
            resolved_turn=resolved_turn,
            stake=stake,
            status=status,
            turn=turn,
            your_side=your_side,
            auto_confirm_at=auto_confirm_at,
            play_by=play_by,
            play_by_proposal=play_by_proposal,
            rosters=rosters,
            suggested_dates=suggested_dates,
            waits_for_earlier_battle=waits_for_earlier_battle,
        )

        battle_read.additional_properties = d
        return battle_read

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
