"""Many rows in one statement whose text does not depend on how many there are.

A multi-row VALUES list is a new statement for each row count: compiled again, prepared again
on every pooled connection. One array per column, `unnest`-ed into rows, keeps a single text
(one prepared statement) and a single round trip, whatever the number of rows.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Table, bindparam, cast, func, insert, select
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


def insert_unnested(
    table: Table,
    keys: Sequence[str],
    name: str,
    same: Sequence[str] = (),
    types: Mapping[str, TypeEngine[Any]] | None = None,
) -> Insert:
    """An INSERT of many rows into `table`, built once: each row's `keys` from the arrays of
    `unnest_of(…, name)`, the columns `same` (one value for every row: the campaign id among
    them, by which a distributed database routes the statement) from parameters of their own
    name. Run with `{**same values, **unnest_params(rows, name)}`, for one row or more.
    A column `types` sends as another type is cast to the table's (JSON lists as text: an
    array parameter takes a list for a dimension)."""
    new = unnest_of(table, keys, name, types)
    constants = [bindparam(column, type_=table.c[column].type) for column in same]
    columns = [cast(new.c[k], table.c[k].type) if k in (types or {}) else new.c[k] for k in keys]
    return insert(table).from_select([*same, *keys], select(*constants, *columns))
