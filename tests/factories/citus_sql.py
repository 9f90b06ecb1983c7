"""The SQL that Citus refuses on distributed tables, found in every statement the tests run.

`tests/conftest.py` listens to every engine (`before_cursor_execute`) for the whole run and
fails a test that sent such a statement, whether or not its result was used (a background
pass logs and swallows a failure: on Citus it would fail on every pass, as the deadline
sweeper's did, issue 50). What is checked, on the SQL text, is what Citus 13.2 refused on a
real cluster (docs/scaling.md):

- a row lock (`FOR UPDATE`, `FOR NO KEY UPDATE`, `FOR SHARE`, `FOR KEY SHARE`) on a
  campaign-scoped table not pinned to one campaign (`campaign_id = …`, or `campaigns.id = …`):
  "could not run distributed query with FOR UPDATE/SHARE commands";
- a row lock in a subquery (`… IN (SELECT … FOR UPDATE SKIP LOCKED)`) of a statement on a
  campaign-scoped table (on reference and coordinator tables Citus runs it);
- a function that is not immutable (`now()`, `random()`, …) in a `RETURNING` clause:
  "non-IMMUTABLE functions are not allowed in the RETURNING clause".
"""

import os
import re
from collections.abc import Iterable
from functools import cache

from app.store.distribution.citus import campaign_scoped_tables

# The coordinator of a Citus cluster the marked suites run on (tests/conftest.py), or None.
CITUS_URL = os.environ.get("MARCHLORDS_CITUS_URL") or None
# Backends of this database waiting for a lock: on Citus a row lock is waited for on the worker
# holding the row, which only the cluster-wide view shows.
LOCK_WAITERS_SQL = (
    "SELECT count(*) FROM citus_stat_activity"
    " WHERE datname = current_database() AND wait_event_type = 'Lock'"
    if CITUS_URL
    else "SELECT count(*) FROM pg_stat_activity"
    " WHERE datname = current_database() AND wait_event_type = 'Lock'"
)

_LOCK = re.compile(r"\bFOR\s+(?:NO\s+KEY\s+UPDATE|UPDATE|KEY\s+SHARE|SHARE)\b", re.I)
_TABLE = re.compile(r"\b(?:FROM|JOIN|UPDATE|INTO)\s+(?:ONLY\s+)?\"?(\w+)\"?", re.I)
_VALUE = r"\s*=\s*(?:\$\d+|%\(\w+\)s|\?|'[0-9a-f-]{36}')"
_PIN = re.compile(r"(?:\bcampaign_id|\bcampaigns(?:_\d+)?\.id)" + _VALUE, re.I)
# `id` unqualified: the campaign's id in a statement on `campaigns` alone.
_CAMPAIGN_ID = re.compile(r"(?<![\w.])id" + _VALUE, re.I)
_RETURNING = re.compile(r"\bRETURNING\b", re.I)
_NOT_IMMUTABLE = re.compile(
    r"\b(?:now|random|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday"
    r"|gen_random_uuid|nextval)\s*\(|\bcurrent_timestamp\b|\blocaltimestamp\b",
    re.I,
)


@cache
def _scoped() -> frozenset[str]:
    return frozenset(campaign_scoped_tables())


def _depth_at(sql: str, position: int) -> int:
    """How many parentheses are open at `position` (string literals aside: good enough for
    the statements SQLAlchemy writes)."""
    depth = 0
    for char in sql[:position]:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
    return depth


def refusals(sql: str) -> list[str]:
    """Why Citus would refuse `sql` on the distributed schema; empty if it would not."""
    found: list[str] = []
    locks = list(_LOCK.finditer(sql))
    scoped = {t.lower() for t in _TABLE.findall(sql)} & _scoped()
    if locks and scoped:
        if any(_depth_at(sql, m.start()) > 0 for m in locks):
            found.append(f"a row lock in a subquery on {', '.join(sorted(scoped))}")
        elif not (_PIN.search(sql) or (scoped == {"campaigns"} and _CAMPAIGN_ID.search(sql))):
            found.append(f"a row lock on {', '.join(sorted(scoped))} not pinned to one campaign")
    for m in _RETURNING.finditer(sql):
        if _depth_at(sql, m.start()) == 0 and _NOT_IMMUTABLE.search(sql, m.end()):
            found.append("a function that is not immutable in RETURNING")
    return found


def report(statements: Iterable[str]) -> list[str]:
    """Each refused statement with its reasons, one per line."""
    lines: list[str] = []
    for sql in dict.fromkeys(statements):
        reasons = refusals(sql)
        if reasons:
            lines.append(f"{'; '.join(reasons)}: {' '.join(sql.split())}")
    return lines
