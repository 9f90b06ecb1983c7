"""Render the tables of the documentation that the code knows: the rulebook, errors, settings.

Every number a player reads in docs/rules.md between `<!-- rulebook:NAME -->` and
`<!-- /rulebook:NAME -->` is written here from `app.rules.ruleset.default_ruleset()`, so the
rulebook cannot drift from what the server enforces. docs/rules.fr.md, its French version,
has the same blocks, worded through `FRENCH_TEXTS` (every text of the tables: one not in it
fails the rendering, so the French tables cannot fall behind). The errors page's list of error
codes (`<!-- rulebook:codes -->`) is written from `app.platform.errors.ERROR_CODES`, and the
configuration page's table (`<!-- rulebook:settings -->`) from `app.platform.config.Settings` (each
variable's name, default, accepted values and the description under its field), the same way.
`tests/meta/test_rulebook.py` fails when a committed page differs from its rendering.

    scripts/rulebook            rewrite the pages
    scripts/rulebook --check    exit 1, naming the stale pages, if a rendering differs
"""

from __future__ import annotations

import re
import sys
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import annotated_types
from pydantic.fields import FieldInfo

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.platform.config import Settings  # noqa: E402
from app.platform.errors import ERROR_CODES  # noqa: E402
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
FRENCH_RULEBOOK_PATH = ROOT / "docs" / "rules.fr.md"
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


# ---------------------------------------------------------------------- the languages


@dataclass(frozen=True)
class Language:
    """How the tables are worded: the English written here, or its translation in `catalog`."""

    catalog: Mapping[str, str] | None = None
    decimal_mark: str = "."

    def __call__(self, text: str, **values: object) -> str:
        """`text` (a `str.format` template) in this language, filled with `values`."""
        template = text if self.catalog is None else self.catalog[text]
        return template.format(**values)

    def decimal(self, hundredths: int) -> str:
        whole, rest = divmod(hundredths, 100)
        number = f"{whole}.{rest:02d}".rstrip("0").rstrip(".") if rest else f"{whole}.0"
        return number.replace(".", self.decimal_mark)


ENGLISH = Language()

# Every text of the tables below, in French (docs/rules.fr.md), with the players' words of the
# French campaign rules: case, palier, or, entretien, avant-poste. A text missing here fails the
# rendering (KeyError), so the French tables cannot fall behind the English ones.
FRENCH_TEXTS: dict[str, str] = {
    # economy
    "what": "élément",
    "gold": "or",
    "gold of each player at the start": "or de chaque joueur au départ",
    "income of a level-1 city, per turn": "revenu d'une ville de niveau 1, par tour",
    "income of a level-2 city, per turn": "revenu d'une ville de niveau 2, par tour",
    "income of an outpost, per turn": "revenu d'un avant-poste, par tour",
    "income of a port, per turn": "revenu d'un port, par tour",
    "raising an army (n = armies you field or have ordered)": (
        "lever une armée (n = armées que vous avez sur le terrain ou déjà ordonnées)"
    ),
    "recruiting a general (n = your generals in service)": (
        "recruter un général (n = vos généraux en service)"
    ),
    "{base} × 2ⁿ": "{base} × 2ⁿ",
    # costs
    "build": "construction",
    "cost (gold)": "coût (or)",
    "found a city (level 1)": "fonder une ville (niveau 1)",
    "build a port": "construire un port",
    "place an outpost": "poser un avant-poste",
    "upgrade a city from level 1 to 2": "améliorer une ville du niveau 1 au niveau 2",
    # tiers
    "tier": "palier",
    "upgrade cost (to reach it)": "coût d'amélioration (pour l'atteindre)",
    "upkeep per turn": "entretien par tour",
    "army points": "points d'armée",
    "general points": "points de général",
    # movement
    "value": "valeur",
    "tiles an army may walk in a turn, before modifiers": (
        "cases qu'une armée peut parcourir en un tour, avant modificateurs"
    ),
    "smallest total terrain modifier": "plus petit modificateur de terrain total",
    "largest total terrain modifier": "plus grand modificateur de terrain total",
    "extra modifier of every land move in winter (seasons on)": (
        "modificateur supplémentaire de tout mouvement terrestre en hiver (saisons en jeu)"
    ),
    "half-steps a land step costs aboard ship": "demi-pas que coûte un pas sur terre à bord",
    "half-steps a sea step costs aboard ship": "demi-pas que coûte un pas en mer à bord",
    "sight of an army, ship or territory (tiles)": (
        "vision d'une armée, d'un navire ou d'un territoire (cases)"
    ),
    "sight of an army on a mountain (tiles)": "vision d'une armée sur une montagne (cases)",
    # garrisons
    "structure": "structure",
    "garrison (The Old World points)": "garnison (points The Old World)",
    "level-1 city": "ville de niveau 1",
    "level-2 city": "ville de niveau 2",
    "a capital adds": "une capitale ajoute",
    "outpost": "avant-poste",
    "port": "port",
    "an outpost or a port adds, from the battle's second game turn": (
        "un avant-poste ou un port ajoute, à partir du deuxième tour de jeu de la bataille"
    ),
    # battles
    "share of its points an army brings when it joins a battle": (
        "part de ses points qu'apporte une armée qui se joint à une bataille"
    ),
    "stake of a victory (gold)": "butin de victoire (or)",
    "stake pillaged when a city is destroyed (gold)": (
        "butin pillé quand une ville est détruite (or)"
    ),
    "losses at which each army of a side loses a tier": (
        "pertes à partir desquelles chaque armée d'un camp perd un palier"
    ),
    "siege bonus per drawn siege battle": "bonus de siège par bataille de siège nulle",
    "largest siege bonus": "plus grand bonus de siège",
    "losses at which a captured level-2 city drops to level 1": (
        "pertes à partir desquelles une ville de niveau 2 capturée retombe au niveau 1"
    ),
    "battle points are rounded to the nearest": (
        "les points de bataille sont arrondis au multiple le plus proche de"
    ),
    "{pct} %": "{pct} %",
    "+{pct} %": "+{pct} %",
    # diplomacy
    "edict or treaty": "édit ou traité",
    "diplomatic edict (embassy, pact, alliance), refunded if not accepted": (
        "édit diplomatique (ambassade, pacte, alliance), remboursé s'il n'est pas accepté"
    ),
    "exploration edict": "édit d'exploration",
    "exploration: the chosen tile lies within … of your territory": (
        "exploration : la case choisie se trouve à … au plus de votre territoire"
    ),
    "exploration: tiles explored around the chosen tile": (
        "exploration : cases explorées autour de la case choisie"
    ),
    "trade edict": "édit commercial",
    "a trade route earns each side, per turn": (
        "une route commerciale rapporte à chaque camp, par tour"
    ),
    "… plus, per full stretch of distance between the cities": (
        "… plus, par tranche complète de distance entre les villes"
    ),
    "tribute a vassal pays its overlord": "tribut qu'un vassal verse à son suzerain",
    "largest gift": "don le plus grand",
    "infamy for breaking a treaty": "Infamie pour la rupture d'un traité",
    "{gold} gold": "{gold} or",
    "{tiles} tiles": "{tiles} cases",
    "within {radius}": "dans un rayon de {radius}",
    "1 gold per {step} tiles, at most +{most}": "1 or par tranche de {step} cases, au plus +{most}",
    "{pct} % of its income": "{pct} % de ses revenus",
    "{pct} % of your gold": "{pct} % de votre or",
    # score
    "counts": "ce qui compte",
    "points": "points",
    "each territory": "chaque territoire",
    "each city level": "chaque niveau de ville",
    "each tier of each army": "chaque palier de chaque armée",
    "1 per {divisor} (rounded down)": "1 par tranche de {divisor} (arrondi vers le bas)",
    # game systems
    "game system": "système de jeu",
    "key": "clé",
    "coefficient": "coefficient",
    "Warhammer: The Old World": "Warhammer: The Old World",
    "The 9th Age": "The 9th Age",
    "Warhammer Fantasy Battle 8th edition (and its 8.1 amendments)": (
        "Warhammer Battle V8 (et ses amendements 8.1)"
    ),
    "Kings of War": "Kings of War",
    "a system not listed": "un système absent de la liste",
    "the owner's own coefficient": "le coefficient choisi par l'organisateur",
    # factions
    "faction": "faction",
    "passives (always)": "passifs (toujours)",
    "action": "action",
    "{name} (`{key}`)": "{name} (`{key}`)",
    "**{name}** (`{key}`): ": "**{name}** (`{key}`) : ",
    "Empire": "Empire",
    "Bretonnia": "Bretonniens",
    "High Elves": "Hauts Elfes",
    "Wood Elves": "Elfes Sylvains",
    "Dwarfs": "Nains",
    "Orcs & Goblins": "Orcs et Gobelins",
    "Warriors of Chaos": "Guerriers du Chaos",
    "Daemons": "Démons",
    "Beastmen": "Bêtes du Chaos",
    "Vampire Counts": "Comtes Vampires",
    "Tomb Kings": "Rois des Tombes",
    "Chaos Dwarfs": "Nains du Chaos",
    "Dark Elves": "Elfes Noirs",
    "Lizardmen": "Hommes-Lézards",
    "Skaven": "Skavens",
    "Ogre Kingdoms": "Royaumes Ogres",
    "Grand Cathay": "Grand Cathay",
    "Call to Arms": "Appel aux Armes",
    "Vow of Chivalry": "Vœu de Chevalerie",
    "Oath of Grudges": "Serment de Haine",
    "WAAAGH!": "WAAAGH!",
    "Cursed Pact": "Pacte Maudit",
    "Rat Swarm": "Nuée de Rats",
    "city owned (any level)": "ville possédée (tous niveaux confondus)",
    "cities owned": "villes possédées",
    "city of level ≥ 2": "ville de niveau ≥ 2",
    "cities of level ≥ 2": "villes de niveau ≥ 2",
    "port owned": "port possédé",
    "ports owned": "ports possédés",
    "port owned and built by you": "port possédé et construit par vous",
    "ports owned and built by you": "ports possédés et construits par vous",
    "structure owned": "structure possédée",
    "structures owned": "structures possédées",
    "territory": "territoire",
    "territories": "territoires",
    "{per} {many}": "tranche de {per} {many}",
    " on a {terrains} tile": " sur une case {terrains}",
    " or ": " ou ",
    "; ": " ; ",
    "+{amount} gold per {counted}{where}": "+{amount} or par {counted}{where}",
    " of tier ≥ {low}": " de palier ≥ {low}",
    " of tier {low}–{high}": " de palier {low} à {high}",
    "−{amount} upkeep per army{tiers}": "−{amount} d'entretien par armée{tiers}",
    "armies{tiers} pay no upkeep": "les armées{tiers} ne paient aucun entretien",
    "total upkeep × {pct} %": "entretien total × {pct} %",
    "+{tiles} sea tiles of movement aboard ship": "+{tiles} cases maritimes de mouvement à bord",
    "{effect} this turn": "{effect} ce tour-ci",
    "no upkeep at all this turn": "aucun entretien ce tour-ci",
    "every army +{tiles} land tiles this turn (sea unaffected)": (
        "chaque armée +{tiles} cases terrestres ce tour-ci (mer non affectée)"
    ),
    "terrain penalties ignored this turn (not the season's)": (
        "malus de terrain ignorés ce tour-ci (pas celui de la saison)"
    ),
    "unlocked by {victories} victories, the count resets on use": (
        "se débloque après {victories} victoires, le compte retombe à zéro après usage"
    ),
    "recharge {turns} turns": "recharge {turns} tours",
    # terrains (MODIFIER_TERRAINS, and the terrains of income bonuses)
    "plain": "plaine",
    "forest": "forêt",
    "mountain": "montagne",
    "marsh": "marais",
    "desert": "désert",
    "coast": "côte",
}

FRENCH = Language(FRENCH_TEXTS, decimal_mark=",")


# ------------------------------------------------------------------------ the tables


def economy(r: Ruleset, t: Language = ENGLISH) -> str:
    i = r.income
    rows = [
        (t("gold of each player at the start"), r.starting_gold),
        (t("income of a level-1 city, per turn"), i.city_level1),
        (t("income of a level-2 city, per turn"), i.city_level2),
        (t("income of an outpost, per turn"), i.outpost),
        (t("income of a port, per turn"), i.port),
        (
            t("raising an army (n = armies you field or have ordered)"),
            t("{base} × 2ⁿ", base=r.army_base_cost),
        ),
        (
            t("recruiting a general (n = your generals in service)"),
            t("{base} × 2ⁿ", base=r.general_base_cost),
        ),
    ]
    return _table((t("what"), t("gold")), rows)


def costs(r: Ruleset, t: Language = ENGLISH) -> str:
    c = r.costs
    rows = [
        (t("found a city (level 1)"), c.found_city),
        (t("build a port"), c.port),
        (t("place an outpost"), c.outpost),
        (t("upgrade a city from level 1 to 2"), c.upgrade_city),
    ]
    return _table((t("build"), t("cost (gold)")), rows)


def tiers(r: Ruleset, t: Language = ENGLISH) -> str:
    rows = [
        (
            tier.tier,
            "—" if tier.tier == 1 else tier.upgrade_cost,
            tier.upkeep,
            tier.army_points,
            tier.general_points,
        )
        for tier in r.tiers
    ]
    header = (
        t("tier"),
        t("upgrade cost (to reach it)"),
        t("upkeep per turn"),
        t("army points"),
        t("general points"),
    )
    return _table(header, rows)


def movement(r: Ruleset, t: Language = ENGLISH) -> str:
    m = r.movement
    rows = [
        (t("tiles an army may walk in a turn, before modifiers"), m.base_budget),
        (t("smallest total terrain modifier"), _signed(m.modifier_min)),
        (t("largest total terrain modifier"), _signed(m.modifier_max)),
        (
            t("extra modifier of every land move in winter (seasons on)"),
            _signed(m.winter_modifier),
        ),
        (t("half-steps a land step costs aboard ship"), m.land_step_halves),
        (t("half-steps a sea step costs aboard ship"), m.sea_step_halves),
        (t("sight of an army, ship or territory (tiles)"), m.sight),
        (t("sight of an army on a mountain (tiles)"), m.mountain_sight),
    ]
    return _table((t("what"), t("value")), rows)


def garrisons(r: Ruleset, t: Language = ENGLISH) -> str:
    g = r.garrisons
    rows = [
        (t("level-1 city"), g.city_level1),
        (t("level-2 city"), g.city_level2),
        (t("a capital adds"), g.capital_bonus),
        (t("outpost"), g.outpost),
        (t("port"), g.port),
        (t("an outpost or a port adds, from the battle's second game turn"), g.reinforcement),
    ]
    return _table((t("structure"), t("garrison (The Old World points)")), rows)


def battles(r: Ruleset, t: Language = ENGLISH) -> str:
    b = r.battles
    rows = [
        (
            t("share of its points an army brings when it joins a battle"),
            t("{pct} %", pct=b.joiner_percent),
        ),
        (t("stake of a victory (gold)"), b.victory_stake),
        (t("stake pillaged when a city is destroyed (gold)"), b.pillage_stake),
        (
            t("losses at which each army of a side loses a tier"),
            t("{pct} %", pct=b.tier_loss_threshold_pct),
        ),
        (t("siege bonus per drawn siege battle"), t("+{pct} %", pct=b.siege_bonus_pct_per_draw)),
        (t("largest siege bonus"), t("+{pct} %", pct=b.siege_bonus_max_pct)),
        (
            t("losses at which a captured level-2 city drops to level 1"),
            t("{pct} %", pct=b.level_loss_threshold_pct),
        ),
        (t("battle points are rounded to the nearest"), b.points_rounding),
    ]
    return _table((t("what"), t("value")), rows)


def diplomacy(r: Ruleset, t: Language = ENGLISH) -> str:
    d = r.diplomacy
    rows = [
        (
            t("diplomatic edict (embassy, pact, alliance), refunded if not accepted"),
            t("{gold} gold", gold=d.diplomatic_cost),
        ),
        (t("exploration edict"), t("{gold} gold", gold=d.exploration_cost)),
        (
            t("exploration: the chosen tile lies within … of your territory"),
            t("{tiles} tiles", tiles=d.exploration_range),
        ),
        (
            t("exploration: tiles explored around the chosen tile"),
            t("within {radius}", radius=d.exploration_radius),
        ),
        (t("trade edict"), t("{gold} gold", gold=d.trade_cost)),
        (t("a trade route earns each side, per turn"), t("{gold} gold", gold=d.trade_base)),
        (
            t("… plus, per full stretch of distance between the cities"),
            t(
                "1 gold per {step} tiles, at most +{most}",
                step=d.trade_distance_step,
                most=d.trade_distance_max_bonus,
            ),
        ),
        (
            t("tribute a vassal pays its overlord"),
            t("{pct} % of its income", pct=d.vassal_tribute_pct),
        ),
        (t("largest gift"), t("{pct} % of your gold", pct=d.gift_max_pct)),
        (t("infamy for breaking a treaty"), d.infamy_per_break),
    ]
    return _table((t("edict or treaty"), t("value")), rows)


def score(r: Ruleset, t: Language = ENGLISH) -> str:
    s = r.score
    rows = [
        (t("each territory"), s.territory),
        (t("each city level"), s.city_level),
        (t("each tier of each army"), s.army_tier),
        (t("gold"), t("1 per {divisor} (rounded down)", divisor=s.gold_divisor)),
    ]
    return _table((t("counts"), t("points")), rows)


def systems(r: Ruleset, t: Language = ENGLISH) -> str:
    rows = [(t(g.name), f"`{g.key}`", t.decimal(g.coefficient_pct)) for g in r.game_systems]
    rows.append((t("a system not listed"), "—", t("the owner's own coefficient")))
    return _table((t("game system"), t("key"), t("coefficient")), rows)


_BASIS = {
    IncomeBasis.CITY: ("city owned (any level)", "cities owned"),
    IncomeBasis.CITY_LEVEL2: ("city of level ≥ 2", "cities of level ≥ 2"),
    IncomeBasis.PORT: ("port owned", "ports owned"),
    IncomeBasis.PORT_BUILT: ("port owned and built by you", "ports owned and built by you"),
    IncomeBasis.STRUCTURE: ("structure owned", "structures owned"),
    IncomeBasis.TERRITORY: ("territory", "territories"),
}


def _income_bonus(b: IncomeBonus, t: Language) -> str:
    one, many = _BASIS[b.basis]
    counted = t(one) if b.per == 1 else t("{per} {many}", per=b.per, many=t(many))
    terrains = t(" or ").join(t(name) for name in b.terrains)
    where = t(" on a {terrains} tile", terrains=terrains) if b.terrains else ""
    return t("+{amount} gold per {counted}{where}", amount=b.amount, counted=counted, where=where)


def _tiers(low: int, high: int, t: Language) -> str:
    if low <= 1 and high >= 99:
        return ""
    if high >= 99:
        return t(" of tier ≥ {low}", low=low)
    return t(" of tier {low}–{high}", low=low, high=high)


def _reduction(u: UpkeepReduction, t: Language) -> str:
    tiers = _tiers(u.min_tier, u.max_tier, t)
    return t("−{amount} upkeep per army{tiers}", amount=u.amount, tiers=tiers)


def _passives(f: Faction, t: Language) -> str:
    parts = [_income_bonus(b, t) for b in f.income_bonuses]
    parts += [_reduction(u, t) for u in f.upkeep_reductions]
    if f.free_upkeep_max_tier:
        parts.append(t("armies{tiers} pay no upkeep", tiers=_tiers(1, f.free_upkeep_max_tier, t)))
    if f.upkeep_percent != 100:
        parts.append(t("total upkeep × {pct} %", pct=f.upkeep_percent))
    if f.sea_bonus:
        parts.append(t("+{tiles} sea tiles of movement aboard ship", tiles=f.sea_bonus))
    return t("; ").join(parts) or "—"


def _action(a: FactionAction | None, t: Language) -> str:
    if a is None:
        return "—"
    parts = [t("{effect} this turn", effect=_reduction(u, t)) for u in a.upkeep_reductions]
    if a.no_upkeep:
        parts.append(t("no upkeep at all this turn"))
    parts += [t("{effect} this turn", effect=_income_bonus(b, t)) for b in a.income_bonuses]
    if a.extra_land_steps:
        parts.append(
            t("every army +{tiles} land tiles this turn (sea unaffected)", tiles=a.extra_land_steps)
        )
    if a.ignore_terrain_penalties:
        parts.append(t("terrain penalties ignored this turn (not the season's)"))
    if a.unlock_victories:
        parts.append(
            t(
                "unlocked by {victories} victories, the count resets on use",
                victories=a.unlock_victories,
            )
        )
    if a.recharge:
        parts.append(t("recharge {turns} turns", turns=a.recharge))
    return t("**{name}** (`{key}`): ", name=t(a.name), key=a.key) + t("; ").join(parts)


def factions(r: Ruleset, t: Language = ENGLISH) -> str:
    rows = [
        (t("{name} (`{key}`)", name=t(f.name), key=f.key), _passives(f, t), _action(f.action, t))
        for f in r.factions
    ]
    return _table((t("faction"), t("passives (always)"), t("action")), rows)


def terrain(r: Ruleset, t: Language = ENGLISH) -> str:
    rows = [
        (
            t(f.name),
            *(
                _signed(f.terrain_modifiers[name]) if name in f.terrain_modifiers else ""
                for name in MODIFIER_TERRAINS
            ),
        )
        for f in r.factions
    ]
    return _table((t("faction"), *(t(name) for name in MODIFIER_TERRAINS)), rows)


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


RULEBOOK_BLOCKS: dict[str, Callable[[Ruleset, Language], str]] = {
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


def render_rulebook(text: str, language: Language = ENGLISH) -> str:
    ruleset = default_ruleset()
    blocks: dict[str, Callable[[], str]] = {
        name: partial(f, ruleset, language) for name, f in RULEBOOK_BLOCKS.items()
    }
    return render(text, blocks)


def render_french_rulebook(text: str) -> str:
    return render_rulebook(text, FRENCH)


def render_errors(text: str) -> str:
    return render(text, {"codes": codes})


def render_configuration(text: str) -> str:
    return render(text, {"settings": settings})


PAGES: tuple[tuple[Path, Callable[[str], str]], ...] = (
    (RULEBOOK_PATH, render_rulebook),
    (FRENCH_RULEBOOK_PATH, render_french_rulebook),
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
