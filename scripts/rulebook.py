"""Render the tables of the documentation that the code knows: the rulebook, errors, settings.

Every number a player reads in docs/rules.md between `<!-- rulebook:NAME -->` and
`<!-- /rulebook:NAME -->` is written here from `app.rules.ruleset.default_ruleset()`, so the
rulebook cannot drift from what the server enforces; the errors page's list of error codes
(`<!-- rulebook:codes -->`) is written from `app.errors.ERROR_CODES`, and the configuration
page's table (`<!-- rulebook:settings -->`) from `app.config.Settings` (each variable's name,
default, accepted values and the description under its field), the same way.
`tests/test_rulebook.py` fails when a committed page differs from its rendering.

    scripts/rulebook            rewrite the pages
    scripts/rulebook --check    exit 1, naming the stale pages, if a rendering differs
"""

from __future__ import annotations

import re
import sys
import typing
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

import annotated_types
from pydantic.fields import FieldInfo

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.config import Settings  # noqa: E402
from app.errors import ERROR_CODES  # noqa: E402
from app.rules.ruleset import (  # noqa: E402
    MODIFIER_TERRAINS,
    Faction,
    FactionAction,
    IncomeBasis,
    IncomeBonus,
    Ruleset,
    UpkeepReduction,
    default_ruleset,
)

RULEBOOK_PATH = ROOT / "docs" / "rules.md"
ERRORS_PATH = ROOT / "docs" / "clients" / "errors.md"
CONFIGURATION_PATH = ROOT / "docs" / "operators" / "configuration.md"

BLOCK = re.compile(
    r"(<!-- rulebook:(?P<name>[a-z_]+) -->\n)(?P<body>.*?)(<!-- /rulebook:(?P=name) -->)",
    re.S,
)


def _table(header: Iterable[str], rows: Iterable[Iterable[object]]) -> str:
    head = list(header)
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def _pct(hundredths: int) -> str:
    whole, rest = divmod(hundredths, 100)
    return f"{whole}.{rest:02d}".rstrip("0").rstrip(".") if rest else f"{whole}.0"


# ------------------------------------------------------------------------ the tables


def economy(r: Ruleset) -> str:
    i = r.income
    rows = [
        ("gold of each player at the start", r.starting_gold),
        ("income of a level-1 city, per turn", i.city_level1),
        ("income of a level-2 city, per turn", i.city_level2),
        ("income of an outpost, per turn", i.outpost),
        ("income of a port, per turn", i.port),
        ("raising an army (n = armies you field or have ordered)", f"{r.army_base_cost} × 2ⁿ"),
        ("recruiting a general (n = your generals in service)", f"{r.general_base_cost} × 2ⁿ"),
    ]
    return _table(("what", "gold"), rows)


def costs(r: Ruleset) -> str:
    c = r.costs
    rows = [
        ("found a city (level 1)", c.found_city),
        ("build a port", c.port),
        ("place an outpost", c.outpost),
        ("upgrade a city from level 1 to 2", c.upgrade_city),
    ]
    return _table(("build", "cost (gold)"), rows)


def tiers(r: Ruleset) -> str:
    rows = [
        (
            t.tier,
            "—" if t.tier == 1 else t.upgrade_cost,
            t.upkeep,
            t.army_points,
            t.general_points,
        )
        for t in r.tiers
    ]
    header = (
        "tier",
        "upgrade cost (to reach it)",
        "upkeep per turn",
        "army points",
        "general points",
    )
    return _table(header, rows)


def movement(r: Ruleset) -> str:
    m = r.movement
    rows = [
        ("tiles an army may walk in a turn, before modifiers", m.base_budget),
        ("smallest total terrain modifier", _signed(m.modifier_min)),
        ("largest total terrain modifier", _signed(m.modifier_max)),
        ("extra modifier of every land move in winter (seasons on)", _signed(m.winter_modifier)),
        ("half-steps a land step costs aboard ship", m.land_step_halves),
        ("half-steps a sea step costs aboard ship", m.sea_step_halves),
        ("sight of an army, ship or territory (tiles)", m.sight),
        ("sight of an army on a mountain (tiles)", m.mountain_sight),
    ]
    return _table(("what", "value"), rows)


def garrisons(r: Ruleset) -> str:
    g = r.garrisons
    rows = [
        ("level-1 city", g.city_level1),
        ("level-2 city", g.city_level2),
        ("a capital adds", g.capital_bonus),
        ("outpost", g.outpost),
        ("port", g.port),
        ("an outpost or a port adds, from the battle's second game turn", g.reinforcement),
    ]
    return _table(("structure", "garrison (The Old World points)"), rows)


def battles(r: Ruleset) -> str:
    b = r.battles
    rows = [
        ("share of its points an army brings when it joins a battle", f"{b.joiner_percent} %"),
        ("stake of a victory (gold)", b.victory_stake),
        ("stake pillaged when a city is destroyed (gold)", b.pillage_stake),
        ("losses at which each army of a side loses a tier", f"{b.tier_loss_threshold_pct} %"),
        ("siege bonus per drawn siege battle", f"+{b.siege_bonus_pct_per_draw} %"),
        ("largest siege bonus", f"+{b.siege_bonus_max_pct} %"),
        (
            "losses at which a captured level-2 city drops to level 1",
            f"{b.level_loss_threshold_pct} %",
        ),
        ("battle points are rounded to the nearest", b.points_rounding),
    ]
    return _table(("what", "value"), rows)


def diplomacy(r: Ruleset) -> str:
    d = r.diplomacy
    rows = [
        (
            "diplomatic edict (embassy, pact, alliance), refunded if not accepted",
            f"{d.diplomatic_cost} gold",
        ),
        ("exploration edict", f"{d.exploration_cost} gold"),
        (
            "exploration: the chosen tile lies within … of your territory",
            f"{d.exploration_range} tiles",
        ),
        ("exploration: tiles explored around the chosen tile", f"within {d.exploration_radius}"),
        ("trade edict", f"{d.trade_cost} gold"),
        ("a trade route earns each side, per turn", f"{d.trade_base} gold"),
        (
            "… plus, per full stretch of distance between the cities",
            f"1 gold per {d.trade_distance_step} tiles, at most +{d.trade_distance_max_bonus}",
        ),
        ("tribute a vassal pays its overlord", f"{d.vassal_tribute_pct} % of its income"),
        ("largest gift", f"{d.gift_max_pct} % of your gold"),
        ("infamy for breaking a treaty", d.infamy_per_break),
    ]
    return _table(("edict or treaty", "value"), rows)


def score(r: Ruleset) -> str:
    s = r.score
    rows = [
        ("each territory", s.territory),
        ("each city level", s.city_level),
        ("each tier of each army", s.army_tier),
        ("gold", f"1 per {s.gold_divisor} (rounded down)"),
    ]
    return _table(("counts", "points"), rows)


def systems(r: Ruleset) -> str:
    rows = [(g.name, f"`{g.key}`", _pct(g.coefficient_pct)) for g in r.game_systems]
    rows.append(("a system not listed", "—", "the owner's own coefficient"))
    return _table(("game system", "key", "coefficient"), rows)


_BASIS = {
    IncomeBasis.CITY: ("city owned (any level)", "cities owned"),
    IncomeBasis.CITY_LEVEL2: ("city of level ≥ 2", "cities of level ≥ 2"),
    IncomeBasis.PORT: ("port owned", "ports owned"),
    IncomeBasis.PORT_BUILT: ("port owned and built by you", "ports owned and built by you"),
    IncomeBasis.STRUCTURE: ("structure owned", "structures owned"),
    IncomeBasis.TERRITORY: ("territory", "territories"),
}


def _income_bonus(b: IncomeBonus) -> str:
    one, many = _BASIS[b.basis]
    counted = one if b.per == 1 else f"{b.per} {many}"
    where = f" on a {' or '.join(b.terrains)} tile" if b.terrains else ""
    return f"+{b.amount} gold per {counted}{where}"


def _tiers(low: int, high: int) -> str:
    if low <= 1 and high >= 99:
        return ""
    if high >= 99:
        return f" of tier ≥ {low}"
    return f" of tier {low}–{high}"


def _reduction(u: UpkeepReduction) -> str:
    return f"−{u.amount} upkeep per army{_tiers(u.min_tier, u.max_tier)}"


def _passives(f: Faction) -> str:
    parts = [_income_bonus(b) for b in f.income_bonuses]
    parts += [_reduction(u) for u in f.upkeep_reductions]
    if f.free_upkeep_max_tier:
        parts.append(f"armies{_tiers(1, f.free_upkeep_max_tier)} pay no upkeep")
    if f.upkeep_percent != 100:
        parts.append(f"total upkeep × {f.upkeep_percent} %")
    if f.sea_bonus:
        parts.append(f"+{f.sea_bonus} sea tiles of movement aboard ship")
    return "; ".join(parts) or "—"


def _action(a: FactionAction | None) -> str:
    if a is None:
        return "—"
    parts = [_reduction(u) + " this turn" for u in a.upkeep_reductions]
    if a.no_upkeep:
        parts.append("no upkeep at all this turn")
    parts += [_income_bonus(b) + " this turn" for b in a.income_bonuses]
    if a.extra_land_steps:
        parts.append(f"every army +{a.extra_land_steps} land tiles this turn (sea unaffected)")
    if a.ignore_terrain_penalties:
        parts.append("terrain penalties ignored this turn (not the season's)")
    if a.unlock_victories:
        parts.append(f"unlocked by {a.unlock_victories} victories, the count resets on use")
    if a.recharge:
        parts.append(f"recharge {a.recharge} turns")
    return f"**{a.name}** (`{a.key}`): " + "; ".join(parts)


def factions(r: Ruleset) -> str:
    rows = [(f"{f.name} (`{f.key}`)", _passives(f), _action(f.action)) for f in r.factions]
    return _table(("faction", "passives (always)", "action"), rows)


def _modifier(f: Faction, terrain: str) -> str:
    return _signed(f.terrain_modifiers[terrain]) if terrain in f.terrain_modifiers else ""


def terrain(r: Ruleset) -> str:
    rows = [
        (
            f.name,
            *(
                _signed(f.terrain_modifiers[t]) if t in f.terrain_modifiers else ""
                for t in MODIFIER_TERRAINS
            ),
        )
        for f in r.factions
    ]
    return _table(("faction", *MODIFIER_TERRAINS), rows)


def codes() -> str:
    rows = [(f"`{code}`", meaning) for code, meaning in sorted(ERROR_CODES.items())]
    return _table(("code", "meaning"), rows)


# ------------------------------------------------------------------ the settings


def _variable(name: str, field: FieldInfo) -> str:
    alias = field.validation_alias
    if isinstance(alias, str):
        return alias
    return f"{Settings.model_config.get('env_prefix', '')}{name}".upper()


def _default(name: str, field: FieldInfo) -> str:
    value = field.get_default(call_default_factory=True)
    if value is None:
        return "unset"
    if value == ():
        return "empty"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, Path):
        return f"`{value.relative_to(ROOT) if value.is_relative_to(ROOT) else value}`"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and name.endswith("_bytes") and value >= 1024 * 1024:
        return f"`{value}` ({value // (1024 * 1024)} MiB)"
    return f"`{value}`"


def _accepts(field: FieldInfo) -> str:
    """The values a setting accepts, from its type and its Field constraints."""
    if typing.get_origin(field.annotation) is typing.Literal:
        return ", ".join(f"`{choice}`" for choice in typing.get_args(field.annotation))
    if field.annotation is bool:
        return "`true`, `false`"
    low = high = ""
    for item in field.metadata:
        if isinstance(item, annotated_types.Ge):
            low = f"≥ {item.ge}"
        elif isinstance(item, annotated_types.Gt):
            low = f"> {item.gt}"
        elif isinstance(item, annotated_types.Le):
            high = f"≤ {item.le}"
        elif isinstance(item, annotated_types.MinLen):
            low = f"at least {item.min_length} characters"
    if low.startswith("≥") and high:
        return f"{low[2:]}–{high[2:]}"
    return ", ".join(part for part in (low, high) if part) or "—"


def settings() -> str:
    rows = []
    undescribed = []
    for name, field in Settings.model_fields.items():
        if not field.description:
            undescribed.append(name)
            continue
        meaning = " ".join(field.description.split()).replace("|", "\\|")
        variable = f"`{_variable(name, field)}`"
        rows.append((variable, _default(name, field), _accepts(field), meaning))
    if undescribed:
        raise ValueError(f"settings without a description (a string under it): {undescribed}")
    return _table(("variable", "default", "accepts", "meaning"), rows)


RULEBOOK_BLOCKS: dict[str, Callable[[Ruleset], str]] = {
    "economy": economy,
    "costs": costs,
    "tiers": tiers,
    "movement": movement,
    "garrisons": garrisons,
    "battles": battles,
    "diplomacy": diplomacy,
    "score": score,
    "systems": systems,
    "factions": factions,
    "terrain": terrain,
}


def render(text: str, blocks: dict[str, Callable[[], str]]) -> str:
    """`text` with the body of every known block replaced by its rendering."""

    def body(match: re.Match[str]) -> str:
        name = match["name"]
        if name not in blocks:
            raise KeyError(f"unknown rulebook block {name!r}")
        return match.group(1) + blocks[name]() + match.group(4)

    return BLOCK.sub(body, text)


def block_names(text: str) -> list[str]:
    return [m["name"] for m in BLOCK.finditer(text)]


def render_rulebook(text: str) -> str:
    ruleset = default_ruleset()
    return render(text, {name: partial(f, ruleset) for name, f in RULEBOOK_BLOCKS.items()})


def render_errors(text: str) -> str:
    return render(text, {"codes": codes})


def render_configuration(text: str) -> str:
    return render(text, {"settings": settings})


PAGES: tuple[tuple[Path, Callable[[str], str]], ...] = (
    (RULEBOOK_PATH, render_rulebook),
    (ERRORS_PATH, render_errors),
    (CONFIGURATION_PATH, render_configuration),
)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path, renderer in PAGES:
        text = path.read_text(encoding="utf-8")
        fresh = renderer(text)
        if fresh != text:
            stale.append(path)
            if not check:
                path.write_text(fresh, encoding="utf-8")
    for path in stale:
        print(f"{'stale' if check else 'wrote'} {path.relative_to(ROOT)}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
