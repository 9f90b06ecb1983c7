"""The one place where database rows become the engine's data (`app.rules.state`) and back.

`codec`: a row codec derived from a dataclass's fields; `entities`: one codec per engine
entity (and the JSON documents: memories, storms, battle sides); `state`: `load_state`,
`save_state`; `world`: the per-version world cache; `static`: maps, rulesets, options;
`orders`: a turn's orders; `bulk`: the one-statement UPDATE the state is saved with;
`snapshots`: the end of each turn as a JSON document (kept by the turn change, restored by a
rollback, carried by export and import), read back as a state through the same codecs.
"""

from app.persistence.entities import (
    explored_from_json,
    explored_to_json,
    side_from_json,
    side_to_json,
    storms_from_json,
    storms_to_json,
)
from app.persistence.orders import load_orders, orders_from_rows
from app.persistence.state import load_generals, load_state, save_state, state_before_start
from app.persistence.static import campaign_options, load_map, load_ruleset
from app.persistence.world import cached_sight

__all__ = [
    "cached_sight",
    "campaign_options",
    "explored_from_json",
    "explored_to_json",
    "load_generals",
    "load_map",
    "load_orders",
    "load_ruleset",
    "load_state",
    "orders_from_rows",
    "save_state",
    "side_from_json",
    "side_to_json",
    "state_before_start",
    "storms_from_json",
    "storms_to_json",
]
