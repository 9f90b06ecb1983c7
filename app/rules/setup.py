"""Campaign start (R-CAMP-1..3) and the standings (R-CAMP-4)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.rules.fog import remember_all
from app.rules.hexgrid import Coord
from app.rules.name_texts import name_text
from app.rules.ruleset import Ruleset
from app.rules.state import (
    Army,
    CampaignState,
    General,
    LedgerEntry,
    MapData,
    Options,
    Player,
    Structure,
    StructureKind,
    Tag,
    Violation,
)
from app.rules.texts import _

# R-CAMP-3: factions whose capital is also a port and must stand on a coast tile.
CAPITAL_PORT_FACTIONS: frozenset[str] = frozenset({"dark_elves"})


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    """A lobby entry: who plays which faction from which start slot (R-CAMP-2)."""

    player: int
    faction: str
    slot: Coord


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings (R-CAMP-4)."""

    player: int
    score: int
    rank: int
    territories: int
    city_levels: int
    army_tiers: int
    gold: int


def validate_setup(
    map: MapData, ruleset: Ruleset, entries: Sequence[PlayerSetup]
) -> list[Violation]:
    """Every reason the campaign cannot start with these entries, in entry order."""
    out: list[Violation] = []
    if len(entries) < ruleset.min_players:
        out.append(
            Violation(
                "R-CAMP-1", _("at least {players} players are needed", players=ruleset.min_players)
            )
        )
    if len(entries) > ruleset.max_players:
        out.append(
            Violation(
                "R-CAMP-1",
                _("at most {players} players may take part", players=ruleset.max_players),
            )
        )
    factions = {f.key: f for f in ruleset.factions}
    slots = {s.coord for s in map.slots}
    players: set[int] = set()
    taken_factions: set[str] = set()
    taken_slots: set[Coord] = set()
    for e in entries:
        if e.player in players:
            out.append(
                Violation(
                    "R-CAMP-2", _("player {player} is already in the campaign", player=e.player)
                )
            )
        if e.faction not in factions:
            out.append(Violation("R-CAMP-2", _("unknown faction '{faction}'", faction=e.faction)))
        elif e.faction in taken_factions:
            out.append(
                Violation(
                    "R-CAMP-2",
                    _("{faction} is already taken", faction=name_text(factions[e.faction].name)),
                )
            )
        if e.slot not in slots:
            out.append(
                Violation("R-CAMP-2", _("{slot} is not a start slot of this map", slot=e.slot))
            )
        elif e.slot in taken_slots:
            out.append(Violation("R-CAMP-2", _("start slot {slot} is already taken", slot=e.slot)))
        elif e.faction in CAPITAL_PORT_FACTIONS and Tag.COAST not in map.tiles[e.slot].tags:
            name = name_text(factions[e.faction].name) if e.faction in factions else e.faction
            out.append(Violation("R-CAMP-3", _("{name} must start on a coast tile", name=name)))
        players.add(e.player)
        taken_factions.add(e.faction)
        taken_slots.add(e.slot)
    return out


def start_campaign(
    map: MapData,
    ruleset: Ruleset,
    entries: Sequence[PlayerSetup],
    options: Options = Options(),  # noqa: B008 - frozen dataclass, safe as a default
) -> tuple[CampaignState, list[LedgerEntry]]:
    """Turn 1: capitals, starting armies and generals, starting gold (R-CAMP-3).

    Raises ValueError if `validate_setup` refuses the entries (callers check first).
    """
    violations = validate_setup(map, ruleset, entries)
    if violations:
        raise ValueError("; ".join(v.message for v in violations))
    next_id = 1
    players: dict[int, Player] = {}
    structures: dict[int, Structure] = {}
    armies: dict[int, Army] = {}
    generals: dict[int, General] = {}
    ledger: list[LedgerEntry] = []
    for e in entries:
        city_id, army_id, general_id = next_id, next_id + 1, next_id + 2
        next_id += 3
        structures[city_id] = Structure(
            id=city_id,
            kind=StructureKind.CITY,
            coord=e.slot,
            owner=e.player,
            level=1,
            is_capital=True,
            also_port=e.faction in CAPITAL_PORT_FACTIONS,
            built_by=None,  # R-BUILD-6: the starting capital is not "built"
        )
        armies[army_id] = Army(army_id, e.player, e.slot, 1, general_id, city_id)
        generals[general_id] = General(general_id, e.player, army_id)
        players[e.player] = Player(
            e.player, e.faction, gold=ruleset.starting_gold, capital_id=city_id
        )
        ledger.append(LedgerEntry(e.player, ruleset.starting_gold, _("starting gold"), "R-CAMP-3"))
    state = CampaignState(
        turn=1,
        map=map,
        players={pid: players[pid] for pid in sorted(players)},
        structures=structures,
        armies=armies,
        generals=generals,
        options=options,
        next_id=next_id,
    )
    return remember_all(state, ruleset), ledger


def standings(state: CampaignState, ruleset: Ruleset) -> list[Standing]:
    """Players by score (R-CAMP-4): ties share the rank (1, 1, 3), then by player id."""
    weights = ruleset.score
    lines: list[Standing] = []
    for pid in sorted(state.players):
        owned = [s for s in state.structures.values() if s.owner == pid]
        territories = len({s.coord for s in owned})
        city_levels = sum(s.level for s in owned if s.kind is StructureKind.CITY)
        army_tiers = sum(a.tier for a in state.armies.values() if a.owner == pid)
        gold = state.players[pid].gold
        score = (
            territories * weights.territory
            + city_levels * weights.city_level
            + army_tiers * weights.army_tier
            + gold // weights.gold_divisor
        )
        lines.append(Standing(pid, score, 0, territories, city_levels, army_tiers, gold))
    ranked = [
        Standing(
            line.player,
            line.score,
            1 + sum(other.score > line.score for other in lines),
            line.territories,
            line.city_levels,
            line.army_tiers,
            line.gold,
        )
        for line in lines
    ]
    return sorted(ranked, key=lambda s: (s.rank, s.player))
