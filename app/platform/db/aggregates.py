"""Rows as one JSON value: a scalar subquery beside others, so that one statement reads what
would take one each."""

from collections.abc import Iterable
from typing import Any

import orjson
from sqlalchemy import func, literal_column, select
from sqlalchemy.dialects.postgresql import aggregate_order_by
from sqlalchemy.sql.expression import ColumnElement, ScalarSelect

# What an aggregate of no row is: an empty array, never SQL NULL.
NO_ROWS: ColumnElement[Any] = literal_column("'[]'::json")


def json_rows_of(*columns: Any, where: Iterable[Any], order: Any) -> ScalarSelect[Any]:
    """The `columns` of the rows `where` selects, ordered by `order`, as one JSON array of
    arrays (`[]` for none), in a scalar subquery."""
    rows = func.json_agg(aggregate_order_by(func.json_build_array(*columns), order))
    return select(func.coalesce(rows, NO_ROWS)).where(*where).scalar_subquery()


def parsed(value: Any) -> Any:
    """A JSON value as the driver hands it over (an aggregate's or a JSON column's, read among
    other columns: its text) parsed; a value already parsed as it is."""
    return orjson.loads(value) if isinstance(value, str | bytes) else value
