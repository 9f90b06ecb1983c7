"""The one place where database rows become the engine's data (`app.rules.state`) and back.

`codec`: a row codec derived from a dataclass's fields; `entities`: one codec per engine
entity (and the JSON documents: memories, storms, battle sides); `state`: `load_state`,
`save_state`; `world`: the per-version world cache; `static`: maps, rulesets, options;
`orders`: a turn's orders; `bulk`: the one-statement UPDATE the state is saved with;
`battles`: battle documents (forces, reports); `diplomacy`: edicts; `events`: summary
entries and gold lines as JSON; `snapshots`: the end of each turn as a JSON document (kept
by the turn change, restored by a rollback, carried by export and import), read back as a
state through the same codecs.
"""

from app.store.persistence.battles import (
    battle_columns,
    battle_from_row,
    forces_to_json,
    report_from_json,
)
from app.store.persistence.diplomacy import edict_columns, edict_from_row
from app.store.persistence.entities import (
    explored_from_json,
    explored_to_json,
    side_from_json,
    side_to_json,
    storms_from_json,
    storms_to_json,
)
from app.store.persistence.events import event_to_json, gold_line_to_json, to_json
from app.store.persistence.orders import load_orders, orders_from_rows
from app.store.persistence.state import (
    Extra,
    Loaded,
    json_rows,
    load_generals_and_names,
    load_read,
    load_state,
    save_state,
    state_before_start,
)
from app.store.persistence.static import campaign_options, load_map, load_ruleset
from app.store.persistence.world import cached_sight

__all__ = [
    "Extra",
    "Loaded",
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
    "json_rows",
    "load_generals_and_names",
    "load_map",
    "load_orders",
    "load_read",
    "load_ruleset",
    "load_state",
    "orders_from_rows",
    "report_from_json",
    "save_state",
    "side_from_json",
    "side_to_json",
    "state_before_start",
    "storms_from_json",
    "storms_to_json",
    "to_json",
]
