from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ruleset_variant_battles_variant import RulesetVariantBattlesVariant
    from ..models.ruleset_variant_build_costs_variant import RulesetVariantBuildCostsVariant
    from ..models.ruleset_variant_diplomacy_variant import RulesetVariantDiplomacyVariant
    from ..models.ruleset_variant_faction_document import RulesetVariantFactionDocument
    from ..models.ruleset_variant_factions_type_1 import RulesetVariantFactionsType1
    from ..models.ruleset_variant_game_system_document import RulesetVariantGameSystemDocument
    from ..models.ruleset_variant_garrisons_variant import RulesetVariantGarrisonsVariant
    from ..models.ruleset_variant_income_variant import RulesetVariantIncomeVariant
    from ..models.ruleset_variant_movement_variant import RulesetVariantMovementVariant
    from ..models.ruleset_variant_score_variant import RulesetVariantScoreVariant
    from ..models.ruleset_variant_tier_document import RulesetVariantTierDocument
    from ..models.ruleset_variant_tiers_type_1 import RulesetVariantTiersType1


T = TypeVar("T", bound="RulesetVariant")


@_attrs_define
class RulesetVariant:
    """A partial ruleset merged over the default (R-HOUSE-2): objects merge, lists replace; `factions` may also be an
    object of partial factions by key, and `tiers` an object of partial tiers by number (`{"2": {"upkeep": 3}}` changes
    one tier). Every number has the range shown; a value outside it is refused with 422 naming the field.

        Attributes:
            army_base_cost (int | Unset):
            battles (RulesetVariantBattlesVariant | Unset):
            costs (RulesetVariantBuildCostsVariant | Unset):
            diplomacy (RulesetVariantDiplomacyVariant | Unset):
            factions (list[RulesetVariantFactionDocument] | RulesetVariantFactionsType1 | Unset):
            game_systems (list[RulesetVariantGameSystemDocument] | Unset):
            garrisons (RulesetVariantGarrisonsVariant | Unset):
            general_base_cost (int | Unset):
            income (RulesetVariantIncomeVariant | Unset):
            max_players (int | Unset):
            min_players (int | Unset):
            movement (RulesetVariantMovementVariant | Unset):
            score (RulesetVariantScoreVariant | Unset): R-CAMP-4: territories + 3 × city levels + armies' tiers + gold / 10.
            starting_gold (int | Unset):
            tiers (list[RulesetVariantTierDocument] | RulesetVariantTiersType1 | Unset):
    """

    army_base_cost: int | Unset = UNSET
    battles: RulesetVariantBattlesVariant | Unset = UNSET
    costs: RulesetVariantBuildCostsVariant | Unset = UNSET
    diplomacy: RulesetVariantDiplomacyVariant | Unset = UNSET
    factions: list[RulesetVariantFactionDocument] | RulesetVariantFactionsType1 | Unset = UNSET
    game_systems: list[RulesetVariantGameSystemDocument] | Unset = UNSET
    garrisons: RulesetVariantGarrisonsVariant | Unset = UNSET
    general_base_cost: int | Unset = UNSET
    income: RulesetVariantIncomeVariant | Unset = UNSET
    max_players: int | Unset = UNSET
    min_players: int | Unset = UNSET
    movement: RulesetVariantMovementVariant | Unset = UNSET
    score: RulesetVariantScoreVariant | Unset = UNSET
    starting_gold: int | Unset = UNSET
    tiers: list[RulesetVariantTierDocument] | RulesetVariantTiersType1 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        army_base_cost = self.army_base_cost

        battles: dict[str, Any] | Unset = UNSET
        if not isinstance(self.battles, Unset):
            battles = self.battles.to_dict()

        costs: dict[str, Any] | Unset = UNSET
        if not isinstance(self.costs, Unset):
            costs = self.costs.to_dict()

        diplomacy: dict[str, Any] | Unset = UNSET
        if not isinstance(self.diplomacy, Unset):
            diplomacy = self.diplomacy.to_dict()

        factions: dict[str, Any] | list[dict[str, Any]] | Unset
        if isinstance(self.factions, Unset):
            factions = UNSET
        elif isinstance(self.factions, list):
            factions = []
            for factions_type_0_item_data in self.factions:
                factions_type_0_item = factions_type_0_item_data.to_dict()
                factions.append(factions_type_0_item)

        else:
            factions = self.factions.to_dict()

        game_systems: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.game_systems, Unset):
            game_systems = []
            for game_systems_item_data in self.game_systems:
                game_systems_item = game_systems_item_data.to_dict()
                game_systems.append(game_systems_item)

        garrisons: dict[str, Any] | Unset = UNSET
        if not isinstance(self.garrisons, Unset):
            garrisons = self.garrisons.to_dict()

        general_base_cost = self.general_base_cost

        income: dict[str, Any] | Unset = UNSET
        if not isinstance(self.income, Unset):
            income = self.income.to_dict()

        max_players = self.max_players

        min_players = self.min_players

        movement: dict[str, Any] | Unset = UNSET
        if not isinstance(self.movement, Unset):
            movement = self.movement.to_dict()

        score: dict[str, Any] | Unset = UNSET
        if not isinstance(self.score, Unset):
            score = self.score.to_dict()

        starting_gold = self.starting_gold

        tiers: dict[str, Any] | list[dict[str, Any]] | Unset
        if isinstance(self.tiers, Unset):
            tiers = UNSET
        elif isinstance(self.tiers, list):
            tiers = []
            for tiers_type_0_item_data in self.tiers:
                tiers_type_0_item = tiers_type_0_item_data.to_dict()
                tiers.append(tiers_type_0_item)

        else:
            tiers = self.tiers.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if army_base_cost is not UNSET:
            field_dict["army_base_cost"] = army_base_cost
        if battles is not UNSET:
            field_dict["battles"] = battles
        if costs is not UNSET:
            field_dict["costs"] = costs
        if diplomacy is not UNSET:
            field_dict["diplomacy"] = diplomacy
        if factions is not UNSET:
            field_dict["factions"] = factions
        if game_systems is not UNSET:
            field_dict["game_systems"] = game_systems
        if garrisons is not UNSET:
            field_dict["garrisons"] = garrisons
        if general_base_cost is not UNSET:
            field_dict["general_base_cost"] = general_base_cost
        if income is not UNSET:
            field_dict["income"] = income
        if max_players is not UNSET:
            field_dict["max_players"] = max_players
        if min_players is not UNSET:
            field_dict["min_players"] = min_players
        if movement is not UNSET:
            field_dict["movement"] = movement
        if score is not UNSET:
            field_dict["score"] = score
        if starting_gold is not UNSET:
            field_dict["starting_gold"] = starting_gold
        if tiers is not UNSET:
            field_dict["tiers"] = tiers

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ruleset_variant_battles_variant import RulesetVariantBattlesVariant  # noqa: PLC0415
        from ..models.ruleset_variant_build_costs_variant import RulesetVariantBuildCostsVariant  # noqa: PLC0415
        from ..models.ruleset_variant_diplomacy_variant import RulesetVariantDiplomacyVariant  # noqa: PLC0415
        from ..models.ruleset_variant_faction_document import RulesetVariantFactionDocument  # noqa: PLC0415
        from ..models.ruleset_variant_factions_type_1 import RulesetVariantFactionsType1  # noqa: PLC0415
        from ..models.ruleset_variant_game_system_document import RulesetVariantGameSystemDocument  # noqa: PLC0415
        from ..models.ruleset_variant_garrisons_variant import RulesetVariantGarrisonsVariant  # noqa: PLC0415
        from ..models.ruleset_variant_income_variant import RulesetVariantIncomeVariant  # noqa: PLC0415
        from ..models.ruleset_variant_movement_variant import RulesetVariantMovementVariant  # noqa: PLC0415
        from ..models.ruleset_variant_score_variant import RulesetVariantScoreVariant  # noqa: PLC0415
        from ..models.ruleset_variant_tier_document import RulesetVariantTierDocument  # noqa: PLC0415
        from ..models.ruleset_variant_tiers_type_1 import RulesetVariantTiersType1  # noqa: PLC0415

        d = dict(src_dict)
        army_base_cost = d.pop("army_base_cost", UNSET)

        _battles = d.pop("battles", UNSET)
        battles: RulesetVariantBattlesVariant | Unset
        if isinstance(_battles, Unset):
            battles = UNSET
        else:
            battles = RulesetVariantBattlesVariant.from_dict(_battles)

        _costs = d.pop("costs", UNSET)
        costs: RulesetVariantBuildCostsVariant | Unset
        if isinstance(_costs, Unset):
            costs = UNSET
        else:
            costs = RulesetVariantBuildCostsVariant.from_dict(_costs)

        _diplomacy = d.pop("diplomacy", UNSET)
        diplomacy: RulesetVariantDiplomacyVariant | Unset
        if isinstance(_diplomacy, Unset):
            diplomacy = UNSET
        else:
            diplomacy = RulesetVariantDiplomacyVariant.from_dict(_diplomacy)

        def _parse_factions(data: object) -> list[RulesetVariantFactionDocument] | RulesetVariantFactionsType1 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                factions_type_0 = []
                _factions_type_0 = data
                for factions_type_0_item_data in _factions_type_0:
                    factions_type_0_item = RulesetVariantFactionDocument.from_dict(factions_type_0_item_data)

                    factions_type_0.append(factions_type_0_item)

                return factions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            factions_type_1 = RulesetVariantFactionsType1.from_dict(data)

            return factions_type_1

        factions = _parse_factions(d.pop("factions", UNSET))

        _game_systems = d.pop("game_systems", UNSET)
        game_systems: list[RulesetVariantGameSystemDocument] | Unset = UNSET
        if _game_systems is not UNSET:
            game_systems = []
            for game_systems_item_data in _game_systems:
                game_systems_item = RulesetVariantGameSystemDocument.from_dict(game_systems_item_data)

                game_systems.append(game_systems_item)

        _garrisons = d.pop("garrisons", UNSET)
        garrisons: RulesetVariantGarrisonsVariant | Unset
        if isinstance(_garrisons, Unset):
            garrisons = UNSET
        else:
            garrisons = RulesetVariantGarrisonsVariant.from_dict(_garrisons)

        general_base_cost = d.pop("general_base_cost", UNSET)

        _income = d.pop("income", UNSET)
        income: RulesetVariantIncomeVariant | Unset
        if isinstance(_income, Unset):
            income = UNSET
        else:
            income = RulesetVariantIncomeVariant.from_dict(_income)

        max_players = d.pop("max_players", UNSET)

        min_players = d.pop("min_players", UNSET)

        _movement = d.pop("movement", UNSET)
        movement: RulesetVariantMovementVariant | Unset
        if isinstance(_movement, Unset):
            movement = UNSET
        else:
            movement = RulesetVariantMovementVariant.from_dict(_movement)

        _score = d.pop("score", UNSET)
        score: RulesetVariantScoreVariant | Unset
        if isinstance(_score, Unset):
            score = UNSET
        else:
            score = RulesetVariantScoreVariant.from_dict(_score)

        starting_gold = d.pop("starting_gold", UNSET)

        def _parse_tiers(data: object) -> list[RulesetVariantTierDocument] | RulesetVariantTiersType1 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tiers_type_0 = []
                _tiers_type_0 = data
                for tiers_type_0_item_data in _tiers_type_0:
                    tiers_type_0_item = RulesetVariantTierDocument.from_dict(tiers_type_0_item_data)

                    tiers_type_0.append(tiers_type_0_item)

                return tiers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            tiers_type_1 = RulesetVariantTiersType1.from_dict(data)

            return tiers_type_1

        tiers = _parse_tiers(d.pop("tiers", UNSET))

        ruleset_variant = cls(
            army_base_cost=army_base_cost,
            battles=battles,
            costs=costs,
            diplomacy=diplomacy,
            factions=factions,
            game_systems=game_systems,
            garrisons=garrisons,
            general_base_cost=general_base_cost,
            income=income,
            max_players=max_players,
            min_players=min_players,
            movement=movement,
            score=score,
            starting_gold=starting_gold,
            tiers=tiers,
        )

        return ruleset_variant
