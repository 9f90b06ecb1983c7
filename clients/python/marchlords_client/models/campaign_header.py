from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.campaign_settings import CampaignSettings
    from ..models.ruleset_variant import RulesetVariant


T = TypeVar("T", bound="CampaignHeader")


@_attrs_define
class CampaignHeader:
    """The campaign: name, settings, ruleset (the full document), where its turn stands.

    Attributes:
        battle_deadline_at (datetime.datetime | None):
        change_due_at (datetime.datetime | None): R-TURN-7: a scheduled change.
        created_at (datetime.datetime):
        deadline_warn_at (datetime.datetime | None):
        ended_at (datetime.datetime | None):
        id_salt (int):
        name (str):
        paused_at (datetime.datetime | None):
        ruleset (None | RulesetVariant): The full ruleset. A partial ruleset merged over the default (R-HOUSE-2, `GET
            /v1/rulesets/default`): objects merge key by key, so `{"costs": {"outpost": 2}}` changes one price; a list
            (`tiers`, `game_systems`, a faction's `income_bonuses`…) replaces the default list whole. Two lists also take an
            object of partial elements: `tiers` by tier number (`{"tiers": {"2": {"upkeep": 3}}}` changes one tier, the
            others stay), `factions` by faction key (`{"dwarfs": {"sea_bonus": 1}}`; an unknown key adds a faction).
        settings (CampaignSettings): Campaign options (R-CAMP, R-OPT); all optional with sensible defaults.
        started_at (datetime.datetime | None):
        turn_deadline_at (datetime.datetime | None):
    """

    battle_deadline_at: datetime.datetime | None
    change_due_at: datetime.datetime | None
    created_at: datetime.datetime
    deadline_warn_at: datetime.datetime | None
    ended_at: datetime.datetime | None
    id_salt: int
    name: str
    paused_at: datetime.datetime | None
    ruleset: None | RulesetVariant
    settings: CampaignSettings
    started_at: datetime.datetime | None
    turn_deadline_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.ruleset_variant import RulesetVariant  # noqa: PLC0415

        battle_deadline_at: None | str
        if isinstance(self.battle_deadline_at, datetime.datetime):
            battle_deadline_at = self.battle_deadline_at.isoformat()
        else:
            battle_deadline_at = self.battle_deadline_at

        change_due_at: None | str
        if isinstance(self.change_due_at, datetime.datetime):
            change_due_at = self.change_due_at.isoformat()
        else:
            change_due_at = self.change_due_at

        created_at = self.created_at.isoformat()

        deadline_warn_at: None | str
        if isinstance(self.deadline_warn_at, datetime.datetime):
            deadline_warn_at = self.deadline_warn_at.isoformat()
        else:
            deadline_warn_at = self.deadline_warn_at

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        id_salt = self.id_salt

        name = self.name

        paused_at: None | str
        if isinstance(self.paused_at, datetime.datetime):
            paused_at = self.paused_at.isoformat()
        else:
            paused_at = self.paused_at

        ruleset: dict[str, Any] | None
        if isinstance(self.ruleset, RulesetVariant):
            ruleset = self.ruleset.to_dict()
        else:
            ruleset = self.ruleset

        settings = self.settings.to_dict()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        turn_deadline_at: None | str
        if isinstance(self.turn_deadline_at, datetime.datetime):
            turn_deadline_at = self.turn_deadline_at.isoformat()
        else:
            turn_deadline_at = self.turn_deadline_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "battle_deadline_at": battle_deadline_at,
                "change_due_at": change_due_at,
                "created_at": created_at,
                "deadline_warn_at": deadline_warn_at,
                "ended_at": ended_at,
                "id_salt": id_salt,
                "name": name,
                "paused_at": paused_at,
                "ruleset": ruleset,
                "settings": settings,
                "started_at": started_at,
                "turn_deadline_at": turn_deadline_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_settings import CampaignSettings  # noqa: PLC0415
        from ..models.ruleset_variant import RulesetVariant  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_battle_deadline_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                battle_deadline_at_type_0 = datetime.datetime.fromisoformat(data)

                return battle_deadline_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        battle_deadline_at = _parse_battle_deadline_at(d.pop("battle_deadline_at"))

        def _parse_change_due_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                change_due_at_type_0 = datetime.datetime.fromisoformat(data)

                return change_due_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        change_due_at = _parse_change_due_at(d.pop("change_due_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_deadline_warn_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deadline_warn_at_type_0 = datetime.datetime.fromisoformat(data)

                return deadline_warn_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deadline_warn_at = _parse_deadline_warn_at(d.pop("deadline_warn_at"))

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

        id_salt = d.pop("id_salt")

        name = d.pop("name")

        def _parse_paused_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paused_at_type_0 = datetime.datetime.fromisoformat(data)

                return paused_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        paused_at = _parse_paused_at(d.pop("paused_at"))

        def _parse_ruleset(data: object) -> None | RulesetVariant:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ruleset_type_0 = RulesetVariant.from_dict(data)

                return ruleset_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RulesetVariant, data)

        ruleset = _parse_ruleset(d.pop("ruleset"))

        settings = CampaignSettings.from_dict(d.pop("settings"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        def _parse_turn_deadline_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                turn_deadline_at_type_0 = datetime.datetime.fromisoformat(data)

                return turn_deadline_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        turn_deadline_at = _parse_turn_deadline_at(d.pop("turn_deadline_at"))

        campaign_header = cls(
            battle_deadline_at=battle_deadline_at,
            change_due_at=change_due_at,
            created_at=created_at,
            deadline_warn_at=deadline_warn_at,
            ended_at=ended_at,
            id_salt=id_salt,
            name=name,
            paused_at=paused_at,
            ruleset=ruleset,
            settings=settings,
            started_at=started_at,
            turn_deadline_at=turn_deadline_at,
        )

        return campaign_header
