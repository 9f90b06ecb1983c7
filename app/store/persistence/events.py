"""Engine events and ledger lines as the JSON of turn summaries."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from app.platform.i18n.kept import keep_texts
from app.rules.state import Event, LedgerEntry
from app.store.events.kinds import AppEventKind

# The key of a summary entry beside `data` that keeps its texts (`app.platform.i18n.kept`), so that
# they are said in the reader's language; absent when `data` holds no `Text`.
TEXTS = "texts"


def event_to_json(event: Event) -> dict[str, Any]:
    """A turn-summary entry (the format of `turn_summaries.events`)."""
    return with_texts(
        {
            "kind": event.kind.value,
            "rule": event.rule,
            "coords": [list(c) for c in event.coords],
            "data": to_json(dict(event.data)),
        }
    )


def with_texts(entry: dict[str, Any]) -> dict[str, Any]:
    """`entry` with the kept form of its data's texts (their English stays in `data`)."""
    if kept := keep_texts(entry["data"]):
        entry[TEXTS] = kept
    return entry


# Values that are their own JSON, by exact type (a StrEnum's member is not one of them): told
# apart before the abstract `Mapping`, whose isinstance check costs a turn change thousands.
_PLAIN = frozenset({str, int, float, bool, type(None)})


def to_json(value: Any) -> Any:
    """Engine values (tuples, enums, frozensets) as JSON-safe data, deterministically ordered."""
    if type(value) in _PLAIN:
        return value
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return [to_json(v) for v in sorted(value)]
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if isinstance(value, StrEnum):
        return value.value
    return value


def gold_line_to_json(entry: LedgerEntry) -> dict[str, Any]:
    """A player's own gold line (income, upkeep, stakes, refunds…) as a summary entry."""
    return with_texts(
        {
            "kind": AppEventKind.GOLD.value,
            "rule": entry.rule,
            "coords": [],
            "data": {"amount": entry.amount, "reason": entry.reason},
        }
    )
