"""The engine's data as the app stores and shows it: battle documents, edicts, summary entries.

The campaign's state, orders, rulesets and maps are read and written by app.persistence (its
names are also offered here, for the services that import them from this package).
`battles`: battle forces and reports; `diplomacy`: edicts; `events`: summary entries.
"""

from app.persistence import (
    cached_sight,
    campaign_options,
    explored_from_json,
    explored_to_json,
    load_generals,
    load_map,
    load_orders,
    load_ruleset,
    load_state,
    orders_from_rows,
    save_state,
    state_before_start,
)
from app.turns.mapping.battles import (
    battle_columns,
    battle_from_row,
    forces_to_json,
    report_from_json,
    side_from_json,
    side_to_json,
)
from app.turns.mapping.diplomacy import edict_columns, edict_from_row
from app.turns.mapping.events import event_to_json, gold_line_to_json, to_json

__all__ = [
    "battle_columns",
    "battle_from_row",
    "cached_sight",
    "campaign_options",
    "edict_columns",
    "edict_from_row",
    "event_to_json",
    "explored_from_json",
    "explored_to_json",
    "forces_to_json",
    "gold_line_to_json",
    "load_generals",
    "load_map",
    "load_orders",
    "load_ruleset",
    "load_state",
    "orders_from_rows",
    "report_from_json",
    "save_state",
    "side_from_json",
    "side_to_json",
    "state_before_start",
    "to_json",
]
