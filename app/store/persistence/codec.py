"""Rows ↔ the engine's frozen dataclasses, derived from the dataclass fields.

A `RowCodec` holds one `Field` per dataclass field, derived from its type: an `int`, `str` or
`bool` (or None) is stored as it is in the column of its name, a `Coord` in the columns `q`
and `r`, a `StrEnum` as its value. Only a field stored otherwise (another column name, a JSON
document) is declared, once, as an override; a field of any other type without one is refused
when the codec is built, so a new engine field cannot be stored wrongly without a word.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Collection
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from app.rules.hexgrid import Coord

E = TypeVar("E")


class Source(Protocol):
    """A stored row: its values by column name (a mapping, or `Attributes` of an ORM row)."""

    def __getitem__(self, column: str, /) -> Any: ...


class Attributes:
    """An ORM row (or any object) read as a `Source`: columns by attribute."""

    __slots__ = ("_obj",)

    def __init__(self, obj: object) -> None:
        self._obj = obj

    def __getitem__(self, column: str) -> Any:
        try:
            return getattr(self._obj, column)
        except AttributeError:
            raise KeyError(column) from None


class Field(Protocol):
    """How one dataclass field is stored: its columns, and the Python expressions that read it
    from a `row` and write it (the codec compiles them into one function each way)."""

    @property
    def columns(self) -> tuple[str, ...]: ...

    def read(self, row: Source) -> Any:
        """The field's value in `row` (KeyError: a column it lacks)."""
        ...

    def read_code(self, helpers: dict[str, Any]) -> str:
        """An expression of `row` for the field's value; the names it uses go in `helpers`."""
        ...

    def write_code(self, value: str, helpers: dict[str, Any]) -> list[tuple[str, str]]:
        """Each column with an expression of `value` (the field's) for what it stores."""
        ...


def _helper(helpers: dict[str, Any], function: Callable[[Any], Any]) -> str:
    name = f"_f{len(helpers)}"
    helpers[name] = function
    return name


@dataclasses.dataclass(frozen=True, slots=True)
class Column:
    """A value stored as it is, in one column."""

    name: str

    @property
    def columns(self) -> tuple[str, ...]:
        return (self.name,)

    def read(self, row: Source) -> Any:
        return row[self.name]

    def read_code(self, helpers: dict[str, Any]) -> str:
        return f"row[{self.name!r}]"

    def write_code(self, value: str, helpers: dict[str, Any]) -> list[tuple[str, str]]:
        return [(self.name, value)]


@dataclasses.dataclass(frozen=True, slots=True)
class Converted:
    """A value stored in one column through a pair of functions (`dump` then `load` is the
    identity)."""

    name: str
    load: Callable[[Any], Any]
    dump: Callable[[Any], Any]

    @property
    def columns(self) -> tuple[str, ...]:
        return (self.name,)

    def read(self, row: Source) -> Any:
        return self.load(row[self.name])

    def read_code(self, helpers: dict[str, Any]) -> str:
        return f"{_helper(helpers, self.load)}(row[{self.name!r}])"

    def write_code(self, value: str, helpers: dict[str, Any]) -> list[tuple[str, str]]:
        return [(self.name, f"{_helper(helpers, self.dump)}({value})")]


@dataclasses.dataclass(frozen=True, slots=True)
class CoordColumns:
    """A coordinate stored in two integer columns."""

    q: str = "q"
    r: str = "r"

    @property
    def columns(self) -> tuple[str, ...]:
        return (self.q, self.r)

    def read(self, row: Source) -> Coord:
        return (row[self.q], row[self.r])

    def read_code(self, helpers: dict[str, Any]) -> str:
        return f"(row[{self.q!r}], row[{self.r!r}])"

    def write_code(self, value: str, helpers: dict[str, Any]) -> list[tuple[str, str]]:
        return [(self.q, f"{value}[0]"), (self.r, f"{value}[1]")]


def enum_column(name: str, kind: type[Enum], optional: bool = False) -> Converted:
    """An enum member stored as its value (None stays None when `optional`)."""
    if optional:
        return Converted(name, lambda v: None if v is None else kind(v), _optional_value)
    return Converted(name, kind, _value)


def _value(member: Enum) -> Any:
    return member.value


def _optional_value(member: Enum | None) -> Any:
    return None if member is None else member.value


def _constant(value: Any) -> Callable[[], Any]:
    return lambda: value


_SCALARS = (int, str, bool, types.NoneType)


def _derived(name: str, hint: Any) -> Field:
    """The field's storage as its type says (see the module's docstring)."""
    if hint == Coord:
        return CoordColumns()
    members = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
    optional = types.NoneType in members
    kinds = [m for m in members if m is not types.NoneType]
    if len(kinds) == 1 and isinstance(kinds[0], type) and issubclass(kinds[0], Enum):
        return enum_column(name, kinds[0], optional)
    if all(isinstance(m, type) and issubclass(m, _SCALARS) for m in members):
        return Column(name)
    raise TypeError(f"field {name!r} of type {hint!r} needs a declared way to be stored")


class RowCodec(Generic[E]):
    """One engine dataclass as a row of its table and back: a `Field` per dataclass field,
    derived from its type unless `overrides` names it."""

    def __init__(self, cls: type[E], **overrides: Field) -> None:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls!r} is not a dataclass")
        hints = typing.get_type_hints(cls)
        declared = {f.name: f for f in dataclasses.fields(cls)}
        unknown = set(overrides) - set(declared)
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {sorted(unknown)}")
        self.cls = cls
        self.fields: tuple[tuple[str, Field], ...] = tuple(
            (name, overrides.get(name) or _derived(name, hints[name])) for name in declared
        )
        self._defaults: dict[str, Callable[[], Any]] = {}
        for name, f in declared.items():
            if f.default is not dataclasses.MISSING:
                self._defaults[name] = _constant(f.default)
            elif f.default_factory is not dataclasses.MISSING:
                self._defaults[name] = f.default_factory
        self.columns: tuple[str, ...] = tuple(c for _, f in self.fields for c in f.columns)
        self._readers: dict[frozenset[str], Callable[[Source, dict[str, Any]], E]] = {}
        self._writers: dict[frozenset[str], Callable[[E], dict[str, Any]]] = {}
        self._read_all = self._reader(frozenset())
        self._write_all = self._writer(frozenset())

    def from_row(self, row: Source, **known: Any) -> E:
        """The engine value of a stored row; `known`: fields given, not read from it.

        A column the row lacks (a document written before the column existed) gives the
        field's default."""
        try:
            if not known:
                return self._read_all(row, known)
            return self._reader(frozenset(known))(row, known)
        except KeyError:
            fields = self.fields
            values = {name: self._read(name, f, row) for name, f in fields if name not in known}
            return self.cls(**values, **known)

    def from_object(self, obj: object, **known: Any) -> E:
        """The engine value of an ORM row (read by attribute)."""
        return self.from_row(Attributes(obj), **known)

    def from_values(self, values: Collection[Any]) -> E:
        """The engine value of the row's values listed in the order of `columns`."""
        return self.from_row(dict(zip(self.columns, values, strict=True)))

    def to_row(self, entity: E, skip: Collection[str] = ()) -> dict[str, Any]:
        """The columns of `entity` (without those of the fields in `skip`)."""
        if not skip:
            return self._write_all(entity)
        return self._writer(frozenset(skip))(entity)

    # The conversions are compiled, as `dataclasses` compiles `__init__`: a turn change writes
    # every army that moved, and a generic loop over the fields costs several times as much.
    # The source holds field and column names only.

    def _reader(self, known: frozenset[str]) -> Callable[[Source, dict[str, Any]], E]:
        found = self._readers.get(known)
        if found is None:
            helpers: dict[str, Any] = {"_cls": self.cls}
            read = [f"{n}={f.read_code(helpers)}" for n, f in self.fields if n not in known]
            source = f"def read(row, known):\n    return _cls({', '.join([*read, '**known'])})\n"
            exec(source, helpers)  # noqa: S102
            found = self._readers[known] = helpers["read"]
        return found

    def _writer(self, skip: frozenset[str]) -> Callable[[E], dict[str, Any]]:
        found = self._writers.get(skip)
        if found is None:
            helpers: dict[str, Any] = {}
            items = [
                f"{column!r}: {expression}"
                for name, f in self.fields
                if name not in skip
                for column, expression in f.write_code(f"entity.{name}", helpers)
            ]
            source = f"def write(entity):\n    return {{{', '.join(items)}}}\n"
            exec(source, helpers)  # noqa: S102
            found = self._writers[skip] = helpers["write"]
        return found

    def _read(self, name: str, field: Field, row: Source) -> Any:
        try:
            return field.read(row)
        except KeyError:
            if name not in self._defaults:
                raise
            return self._defaults[name]()
