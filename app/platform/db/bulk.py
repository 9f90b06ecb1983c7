"""Many rows in one statement whose text does not depend on how many there are.

A multi-row VALUES list is a new statement for each row count: compiled again, prepared again
on every pooled connection. One array per column, `unnest`-ed into rows, keeps a single text
(one prepared statement) and a single round trip, whatever the number of rows.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Table, bindparam, func, insert, literal, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.sql.expression import Insert, TableValuedAlias
from sqlalchemy.types import TypeEngine


def unnested(
    table: Table,
    rows: Sequence[Mapping[str, Any]],
    name: str,
    types: Mapping[str, TypeEngine[Any]] | None = None,
) -> TableValuedAlias:
    """`rows` (the same keys in each) as a FROM item `name`, a column per key, typed as the
    table's column of that name or as `types` says."""
    keys = list(rows[0])
    typed = {k: (types or {}).get(k) or table.c[k].type for k in keys}
    arrays = (
        bindparam(f"{name}_{k}", [row[k] for row in rows], type_=ARRAY(typed[k])) for k in keys
    )
    return func.unnest(*arrays).table_valued(*keys).render_derived(name=name)


def unnest_of(
    table: Table,
    keys: Sequence[str],
    name: str,
    types: Mapping[str, TypeEngine[Any]] | None = None,
) -> TableValuedAlias:
    """`unnested` without its values, for a statement built once: each column's array is the
    parameter `{name}_{key}`, bound at execution (`unnest_params`)."""
    typed = {k: (types or {}).get(k) or table.c[k].type for k in keys}
    arrays = (bindparam(f"{name}_{k}", type_=ARRAY(typed[k])) for k in keys)
    return func.unnest(*arrays).table_valued(*keys).render_derived(name=name)


def unnest_params(rows: Sequence[Mapping[str, Any]], name: str) -> dict[str, list[Any]]:
    """The parameters of `unnest_of(…, name)` for `rows` (the same keys in each)."""
    return {f"{name}_{k}": [row[k] for row in rows] for k in rows[0]}


def insert_rows(table: Table, rows: Sequence[Mapping[str, Any]], **same: Any) -> Insert:
    """INSERT `rows` (the same keys in each) into `table` in one statement; `same`: values of
    every row, bound once (the campaign id among them: a distributed database routes the
    statement by it, and the shard-readiness test finds it)."""
    new = unnested(table, rows, "new")
    constants = [literal(value, table.c[name].type) for name, value in same.items()]
    return insert(table).from_select([*same, *rows[0]], select(*constants, *new.c))
