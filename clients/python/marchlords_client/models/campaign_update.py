from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.campaign_settings import CampaignSettings
    from ..models.ruleset_variant import RulesetVariant


T = TypeVar("T", bound="CampaignUpdate")


@_attrs_define
class CampaignUpdate:
    """Lobby-time changes by the owner.

    Attributes:
        name (None | str | Unset):
        ruleset (None | RulesetVariant | Unset): A partial ruleset merged over the default (R-HOUSE-2, `GET
            /v1/rulesets/default`): objects merge key by key, so `{"costs": {"outpost": 2}}` changes one price; a list
            (`tiers`, `game_systems`, a faction's `income_bonuses`…) replaces the default list whole. Two lists also take an
            object of partial elements: `tiers` by tier number (`{"tiers": {"2": {"upkeep": 3}}}` changes one tier, the
            others stay), `factions` by faction key (`{"dwarfs": {"sea_bonus": 1}}`; an unknown key adds a faction).
        settings (CampaignSettings | None | Unset):
    """

    name: None | str | Unset = UNSET
    ruleset: None | RulesetVariant | Unset = UNSET
    settings: CampaignSettings | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.campaign_settings import CampaignSettings  # noqa: PLC0415
        from ..models.ruleset_variant import RulesetVariant  # noqa: PLC0415

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        ruleset: dict[str, Any] | None | Unset
        if isinstance(self.ruleset, Unset):
            ruleset = UNSET
        elif isinstance(self.ruleset, RulesetVariant):
            ruleset = self.ruleset.to_dict()
        else:
            ruleset = self.ruleset

        settings: dict[str, Any] | None | Unset
        if isinstance(self.settings, Unset):
            settings = UNSET
        elif isinstance(self.settings, CampaignSettings):
            settings = self.settings.to_dict()
        else:
            settings = self.settings

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if ruleset is not UNSET:
            field_dict["ruleset"] = ruleset
        if settings is not UNSET:
            field_dict["settings"] = settings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_settings import CampaignSettings  # noqa: PLC0415
        from ..models.ruleset_variant import RulesetVariant  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_ruleset(data: object) -> None | RulesetVariant | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ruleset_type_0 = RulesetVariant.from_dict(data)

                return ruleset_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RulesetVariant | Unset, data)

        ruleset = _parse_ruleset(d.pop("ruleset", UNSET))

        def _parse_settings(data: object) -> CampaignSettings | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                settings_type_0 = CampaignSettings.from_dict(data)

                return settings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CampaignSettings | None | Unset, data)

        settings = _parse_settings(d.pop("settings", UNSET))

        campaign_update = cls(
            name=name,
            ruleset=ruleset,
            settings=settings,
        )

        return campaign_update
