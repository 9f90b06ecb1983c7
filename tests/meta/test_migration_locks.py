"""No migration locks a large table for long (docs/contributors/tests.md, "Migrations").

A large table is one `scripts/bench_scale` fills with 1,000 campaigns (`filled_tables`): on a
big server it holds millions of rows, and a statement that rewrites or scans it under an
`ACCESS EXCLUSIVE` (or `SHARE`) lock stops every request touching it — the whole game — for
minutes while the servers start on the new code. The upgrade functions of the migrations are
read (their syntax, not run) for the operations that do, on a table that is not created in
the same migration:

- `add_column` of a `NOT NULL` column without `server_default` (fails on rows, or needs a
  backfill under the lock), or with a volatile `server_default` (`sa.text("…()")`: a rewrite);
- `create_index` without `postgresql_concurrently=True` (blocks writes while it builds);
- `create_unique_constraint`, `create_primary_key` (build an index under the lock);
- `alter_column` with `type_` (a rewrite) or `nullable=False` (a full scan under the lock);
- `create_foreign_key`, `create_check_constraint` without `postgresql_not_valid=True` (a full
  scan under the lock);
- `execute` of SQL naming a large table that updates or deletes its rows, changes a column's
  type, sets `NOT NULL`, creates an index without `CONCURRENTLY` or adds a constraint without
  `NOT VALID`; SQL built at run time (not a string constant) is flagged too.

A table name the reader cannot tell (a variable) counts as large. Past migrations that ran
before the check are allowed by revision (`ALLOWED`); a new one is fixed, not allowed.
"""

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench.bench_scale import filled_tables

VERSIONS = Path(__file__).resolve().parents[2] / "migrations" / "versions"
LARGE = frozenset(filled_tables())
UNKNOWN = "?"  # a table named by an expression the reader cannot evaluate

# Revisions written before this check, each with what it flags: they ran on every server
# already, and rewriting history would not unlock anything. A migration added from now on is
# not listed here: use the safe patterns of docs/contributors/tests.md instead.
ALLOWED: dict[str, str] = {
    "7c2d4e6f8a10": "event_sequence_and_cursor: backfills campaign_events, NOT NULL, 2 indexes",
    "8d3e5f7a9b21": "message_public_ids: backfills messages, NOT NULL, an index",
    "5c1e7a9f3b20": "event_kind_vocabulary: renames kinds in summaries and events by UPDATE",
    "7b2d4f6a8c10": "gold_columns_bigint: integer to bigint on the gold and ledger columns",
    "6e2a9c4d8f15": "campaign_id_in_every_key: new primary keys on the campaign tables",
    "5c2f8e1a9d37": "battle_dates_and_calendar_feeds: backfills battles",
    "5c2e9a7d4b13": "orders_recruit_general_unique: a unique index on orders",
    "5d2c8e1a9b47": "battles_was_disputed: backfills battles",
    "8c4a1e6f2b37": "rosters-rollback: backfills army_battles.list_losses",
    "9e3b7d1a4c26": "anon-holders: backfills battles.holders",
    "3e7b9c1d5a42": "tokens_scopes: backfills tokens.scope, then NOT NULL",
}

_SQL_RISKS = (
    (re.compile(r"\bUPDATE\s+(\w+)", re.I), "updates every row of {} in one transaction"),
    (re.compile(r"\bDELETE\s+FROM\s+(\w+)", re.I), "deletes from {} in one transaction"),
    (re.compile(r"\bALTER\s+TABLE\s+(?:ONLY\s+)?(\w+)\b[^;]*\bTYPE\b", re.I), "rewrites {}"),
    (re.compile(r"\bALTER\s+TABLE\s+(?:ONLY\s+)?(\w+)\b[^;]*\bSET\s+NOT\s+NULL", re.I),
     "scans {} for SET NOT NULL under an exclusive lock"),
    (re.compile(r"\bCREATE\s+(?:UNIQUE\s+)?INDEX\s+(?!CONCURRENTLY)[^;]*?\bON\s+(?:ONLY\s+)?(\w+)",
                re.I), "builds an index on {} without CONCURRENTLY"),
    (re.compile(r"\bALTER\s+TABLE\s+(?:ONLY\s+)?(\w+)\b[^;]*\bADD\s+CONSTRAINT\b(?![^;]*NOT\s+VALID)"
                r"[^;]*\b(?:FOREIGN\s+KEY|CHECK)\b(?![^;]*NOT\s+VALID)", re.I),
     "validates a new constraint on {} under the lock (add it NOT VALID, then VALIDATE)"),
)  # fmt: skip


@dataclass(frozen=True)
class Finding:
    line: int
    what: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.what}"


# The module's own string constants (`_BACKFILL = """UPDATE …"""`), read where a name is used.
_names: dict[str, object] = {}


def _constant(node: ast.expr | None) -> object:
    """The value of a constant, of a module-level constant's name, or of `sa.text(constant)`."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return _names.get(node.id)
    if isinstance(node, ast.Call) and node.args and getattr(node.func, "attr", None) == "text":
        return _constant(node.args[0])
    return None


def _keywords(call: ast.Call) -> dict[str, ast.expr]:
    return {k.arg: k.value for k in call.keywords if k.arg is not None}


def _argument(call: ast.Call, index: int, name: str) -> ast.expr | None:
    if len(call.args) > index:
        return call.args[index]
    return _keywords(call).get(name)


def _table(call: ast.Call, index: int, name: str) -> str:
    value = _constant(_argument(call, index, name))
    return value if isinstance(value, str) else UNKNOWN


def _op(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.attr if func.value.id == "op" else None
    return None


def _is_true(node: ast.expr | None) -> bool:
    return _constant(node) is True


def _column_risk(column: ast.expr) -> str | None:
    """What an added `sa.Column(...)` costs: None when it is cheap."""
    if not isinstance(column, ast.Call):
        return "adds a column the check cannot read"
    keywords = _keywords(column)
    default = keywords.get("server_default")
    if default is not None:
        text = _constant(default)
        if isinstance(text, str) and "(" in text:
            return f"adds a column whose default {text!r} may be volatile (a rewrite)"
        return None
    if _constant(keywords.get("nullable")) is False:
        return "adds a NOT NULL column without server_default"
    return None


def _sql_risks(sql: str, created: set[str]) -> Iterator[str]:
    for pattern, what in _SQL_RISKS:
        for match in pattern.finditer(sql):
            table = match.group(1).lower()
            if table in LARGE and table not in created:
                yield what.format(table)


def _large(table: str, created: set[str]) -> bool:
    return table not in created and (table == UNKNOWN or table in LARGE)


def findings(source: str) -> list[Finding]:
    """What the `upgrade()` of a migration's `source` does that could lock a large table."""
    tree = ast.parse(source)
    _names.clear()
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Constant):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            _names.update((t.id, node.value.value) for t in targets if isinstance(t, ast.Name))
    upgrade = next(
        (n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "upgrade"), None
    )
    if upgrade is None:
        return []
    calls = sorted(
        (n for n in ast.walk(upgrade) if isinstance(n, ast.Call) and _op(n)),
        key=lambda n: (n.lineno, n.col_offset),
    )
    created: set[str] = set()
    found: list[Finding] = []

    def flag(call: ast.Call, table: str, what: str) -> None:
        if _large(table, created):
            found.append(Finding(call.lineno, f"op.{_op(call)} on {table}: {what}"))

    for call in calls:
        name, keywords = _op(call), _keywords(call)
        if name == "create_table":
            created.add(_table(call, 0, "table_name"))
        elif name == "add_column":
            column = _argument(call, 1, "column")
            risk = _column_risk(column) if column is not None else None
            if risk is not None:
                flag(call, _table(call, 0, "table_name"), risk)
        elif name == "create_index" and not _is_true(keywords.get("postgresql_concurrently")):
            flag(call, _table(call, 1, "table_name"), "builds without postgresql_concurrently")
        elif name in ("create_unique_constraint", "create_primary_key"):
            flag(call, _table(call, 1, "table_name"), "builds an index under the lock")
        elif name == "alter_column":
            table = _table(call, 0, "table_name")
            if "type_" in keywords:
                flag(call, table, "changes a column's type (a rewrite)")
            if _constant(keywords.get("nullable")) is False:
                flag(call, table, "sets NOT NULL (a full scan under the lock)")
        elif name in ("create_foreign_key", "create_check_constraint"):
            if not _is_true(keywords.get("postgresql_not_valid")):
                flag(call, _table(call, 1, "source_table"), "validates without NOT VALID")
        elif name == "execute":
            sql = _constant(_argument(call, 0, "sqltext"))
            if not isinstance(sql, str):
                found.append(Finding(call.lineno, "op.execute of SQL the check cannot read"))
                continue
            found.extend(Finding(call.lineno, f"op.execute {w}") for w in _sql_risks(sql, created))
    return found


def revision_of(source: str) -> str:
    match = re.search(r'^revision(?::\s*str)?\s*=\s*"(\w+)"', source, re.M)
    assert match is not None
    return match.group(1)


def migrations() -> dict[str, list[Finding]]:
    return {
        revision_of(text): findings(text)
        for text in (path.read_text() for path in sorted(VERSIONS.glob("*.py")))
    }


def test_the_large_tables_are_those_the_scale_benchmark_fills() -> None:
    assert {"campaigns", "campaign_events", "ledger", "armies", "users", "tokens"} <= LARGE


def test_no_migration_locks_a_large_table_for_long() -> None:
    flagged = {
        revision: [str(f) for f in found]
        for revision, found in migrations().items()
        if found and revision not in ALLOWED
    }
    assert flagged == {}, "see docs/contributors/tests.md, Migrations, for the safe patterns"


def test_the_allow_list_names_past_migrations_that_still_need_it() -> None:
    found = migrations()
    assert {r for r in ALLOWED if not found.get(r)} == set()


RISKY = [
    ('op.create_index("ix", "ledger", ["player"])', "postgresql_concurrently"),
    ('op.add_column("armies", sa.Column("x", sa.Integer(), nullable=False))', "NOT NULL"),
    ('op.add_column("armies", sa.Column("x", sa.Uuid(), nullable=False, '
     'server_default=sa.text("gen_random_uuid()")))', "volatile"),
    ('op.alter_column("ledger", "amount", type_=sa.BigInteger())', "type"),
    ('op.alter_column("tokens", "scope", nullable=False)', "NOT NULL"),
    ('op.create_foreign_key("fk", "messages", "users", ["sender"], ["id"])', "NOT VALID"),
    ('op.create_unique_constraint("uq", "orders", ["a"])', "index"),
    ('op.execute("UPDATE tokens SET scope = \'play\'")', "every row of tokens"),
    ('op.execute("CREATE INDEX ix ON campaign_events (seq)")', "CONCURRENTLY"),
    ('op.execute("ALTER TABLE messages ADD CONSTRAINT c FOREIGN KEY (a) REFERENCES users (id)")',
     "NOT VALID"),
    ('op.execute(f"UPDATE {table} SET x = 1")', "cannot read"),
    ('for table in TABLES:\n        op.create_index("ix", table, ["a"])', "on ?"),
]  # fmt: skip
SAFE = [
    'op.create_index("ix", "ledger", ["player"], postgresql_concurrently=True)',
    'op.add_column("armies", sa.Column("x", sa.Integer(), nullable=True))',
    'op.add_column("armies", sa.Column("x", sa.Integer(), nullable=False, server_default="0"))',
    'op.create_foreign_key("fk", "messages", "users", ["a"], ["id"], postgresql_not_valid=True)',
    'op.execute("ALTER TABLE messages VALIDATE CONSTRAINT fk")',
    'op.execute("CREATE INDEX CONCURRENTLY ix ON campaign_events (seq)")',
    'op.create_table("fresh", sa.Column("a", sa.Integer()))\n'
    '    op.create_index("ix", "fresh", ["a"])',
    'op.create_index("ix", "maps", ["key"])',  # not a table the bench fills
]


def _migration(body: str) -> str:
    return f"revision = 'x'\n\n\ndef upgrade() -> None:\n    {body}\n"


@pytest.mark.parametrize(("body", "said"), RISKY)
def test_the_check_flags_an_operation_that_locks_a_large_table(body: str, said: str) -> None:
    found = findings(_migration(body))
    assert len(found) == 1, found
    assert said in str(found[0])


@pytest.mark.parametrize("body", SAFE)
def test_the_check_passes_the_safe_patterns(body: str) -> None:
    assert findings(_migration(body)) == []
