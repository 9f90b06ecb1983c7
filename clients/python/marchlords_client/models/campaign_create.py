from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.campaign_settings import CampaignSettings
    from ..models.generated_map import GeneratedMap
    from ..models.ruleset_variant import RulesetVariant


T = TypeVar("T", bound="CampaignCreate")


@_attrs_define
class CampaignCreate:
    """A new campaign: on a stored map (`map_id`) or on one generated from a seed.

    Attributes:
        name (str):
        generate_map (GeneratedMap | None | Unset):
        map_id (None | Unset | UUID):
        ruleset (None | RulesetVariant | Unset): A partial ruleset merged over the default (R-HOUSE-2, `GET
            /v1/rulesets/default`): objects merge key by key, so `{"costs": {"outpost": 2}}` changes one price; a list
            (`tiers`, `game_systems`, a faction's `income_bonuses`…) replaces the default list whole. Two lists also take an
            object of partial elements: `tiers` by tier number (`{"tiers": {"2": {"upkeep": 3}}}` changes one tier, the
            others stay), `factions` by faction key (`{"dwarfs": {"sea_bonus": 1}}`; an unknown key adds a faction).
        settings (CampaignSettings | Unset): Campaign options (R-CAMP, R-OPT); all optional with sensible defaults.
    """

    name: str
    generate_map: GeneratedMap | None | Unset = UNSET
    map_id: None | Unset | UUID = UNSET
    ruleset: None | RulesetVariant | Unset = UNSET
    settings: CampaignSettings | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.generated_map import GeneratedMap  # noqa: PLC0415
        from ..models.ruleset_variant import RulesetVariant  # noqa: PLC0415

        name = self.name

        generate_map: dict[str, Any] | None | Unset
        if isinstance(self.generate_map, Unset):
            generate_map = UNSET
        elif isinstance(self.generate_map, GeneratedMap):
            generate_map = self.generate_map.to_dict()
        else:
            generate_map = self.generate_map

        map_id: None | str | Unset
        if isinstance(self.map_id, Unset):
            map_id = UNSET
        elif isinstance(self.map_id, UUID):
            map_id = str(self.map_id)
        else:
            map_id = self.map_id

        ruleset: dict[str, Any] | None | Unset
        if isinstance(self.ruleset, Unset):
            ruleset = UNSET
        elif isinstance(self.ruleset, RulesetVariant):
            ruleset = self.ruleset.to_dict()
        else:
            ruleset = self.ruleset

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if generate_map is not UNSET:
            field_dict["generate_map"] = generate_map
        if map_id is not UNSET:
            field_dict["map_id"] = map_id
        if ruleset is not UNSET:
            field_dict["ruleset"] = ruleset
        if settings is not UNSET:
            field_dict["settings"] = settings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.campaign_settings import CampaignSettings  # noqa: PLC0415
        from ..models.generated_map import GeneratedMap  # noqa: PLC0415
        from ..models.ruleset_variant import RulesetVariant  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_generate_map(data: object) -> GeneratedMap | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                generate_map_type_0 = GeneratedMap.from_dict(data)

                return generate_map_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GeneratedMap | None | Unset, data)

        generate_map = _parse_generate_map(d.pop("generate_map", UNSET))

        def _parse_map_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                map_id_type_0 = UUID(data)

                return map_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        map_id = _parse_map_id(d.pop("map_id", UNSET))

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

        _settings = d.pop("settings", UNSET)
        settings: CampaignSettings | Unset
        if isinstance(_settings, Unset):
            settings = UNSET
        else:
            settings = CampaignSettings.from_dict(_settings)

        campaign_create = cls(
            name=name,
            generate_map=generate_map,
            map_id=map_id,
            ruleset=ruleset,
            settings=settings,
        )

        return campaign_create
