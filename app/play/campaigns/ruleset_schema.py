"""Ruleset variants at the edge (R-HOUSE-2): untrusted JSON validated with pydantic.

The engine (`app.rules.ruleset`) owns the ruleset dataclasses, their defaults, the range tables
(`LIMITS`, `LIST_LIMITS`, `STRING_LIMITS`), the merge of a variant over the defaults and the
cross-field rules. Here the range tables become pydantic models generated from the dataclasses:
they check every type and range of a merged document and publish the variant's JSON Schema.
A refusal lists every fault as `(path, message)`, the path naming the field
(`movement.sight`, `factions[4].sea_bonus`).
"""

import copy
import re
from collections.abc import Mapping
from dataclasses import MISSING, fields
from enum import Enum
from functools import cache
from types import UnionType
from typing import Annotated, Any, Literal, get_args, get_origin, get_type_hints

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    ValidatorFunctionWrapHandler,
    WrapValidator,
    create_model,
)
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import ErrorDetails, PydanticCustomError, core_schema

from app.platform.errors.validation import validation_message
from app.platform.fields import NAME_PATTERN
from app.platform.i18n import Text, _
from app.rules.ruleset import (
    LAND_TERRAINS,
    LIMITS,
    LIST_LIMITS,
    MODIFIER_TERRAINS,
    STRING_LIMITS,
    Faction,
    Ruleset,
    RulesetError,
    Tier,
    check_ruleset,
    default_ruleset,
    merge_variant,
)

# ------------------------------------------------------------------ models from the dataclasses

# Types built at run time from the dataclasses' hints (not type expressions a checker reads).
_ANNOTATED: Any = Annotated
_DICT: Any = dict
_LIST: Any = list
_LITERAL: Any = Literal

# The error-context key of a bounded value's refusal, as a text (`_bounded`).
_TEXT = "text"
_BOUNDS = {
    "greater_than_equal",
    "less_than_equal",
    "too_short",
    "too_long",
    "string_too_short",
    "string_too_long",
}


def _bounded(tp: Any, bounds: tuple[int, int], kind: str, message: Text, **field: Any) -> Any:
    """`tp` within `bounds` (given to pydantic as `field` constraints), refused as `message`.

    Pydantic names one broken bound; the refusal names the whole range (`must be 1 to 3`).
    The text rides in the error's context (`_TEXT`) to be said in the reader's language.
    """
    low, high = bounds
    context = {"low": low, "high": high, _TEXT: message}

    def whole_range(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        try:
            return handler(value)
        except ValidationError as exc:
            if any(e["loc"] == () and e["type"] in _BOUNDS for e in exc.errors()):
                raise PydanticCustomError(kind, message.template, context) from None
            raise

    return _ANNOTATED[tp, Field(**field), WrapValidator(whole_range)]


def _number(field_id: str) -> Any:
    low, high = LIMITS[field_id]
    message = _("must be {low} to {high}", low=low, high=high)
    return _bounded(int, (low, high), "range", message, strict=True, ge=low, le=high)


def _string(name: str, **extra: Any) -> Any:
    """A key or a name of the ruleset (a faction's, a game system's): one line, like every
    name users write (app/platform/fields.py)."""
    low, high = STRING_LIMITS[name]
    message = _("must be {low} to {high} characters", low=low, high=high)
    return _bounded(
        str,
        (low, high),
        "length",
        message,
        strict=True,
        min_length=low,
        max_length=high,
        pattern=NAME_PATTERN,
        **extra,
    )


def _field_type(hint: Any, field_id: str, partial: bool) -> Any:
    """The pydantic type of one dataclass field, its range from the engine's tables."""
    origin, args = get_origin(hint), get_args(hint)
    name = field_id.rpartition(".")[2]
    if origin is UnionType:  # `X | None`
        return _field_type(args[0], field_id, partial) | None
    if origin is tuple:  # a list replaces the default whole: its items are whole too
        low, high = LIST_LIMITS[field_id]
        item = (
            _string(name, json_schema_extra={"enum": list(LAND_TERRAINS)})
            if args[0] is str
            else _field_type(args[0], field_id, partial=False)
        )
        message = _("must have {low} to {high} items", low=low, high=high)
        items = _LIST[item]
        return _bounded(items, (low, high), "length", message, min_length=low, max_length=high)
    if origin is dict:  # terrain modifiers: terrain → tiles
        return _DICT[_LITERAL[MODIFIER_TERRAINS], _number(field_id)]
    if hint is int:
        return _number(field_id)
    if hint is str:
        return _string(name)
    if hint is bool:
        return Annotated[bool, Field(strict=True)]
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint
    return _model(hint, partial)


@cache
def _model(cls: type[Any], partial: bool) -> type[BaseModel]:
    """A pydantic model of a ruleset dataclass; `partial`: every key optional (a variant)."""
    hints = get_type_hints(cls)
    definitions: dict[str, Any] = {}
    for f in fields(cls):
        tp = _field_type(hints[f.name], f"{cls.__name__}.{f.name}", partial)
        required = f.default is MISSING and f.default_factory is MISSING and not partial
        definitions[f.name] = (tp, ... if required else None)
    return create_model(
        f"{cls.__name__}Variant" if partial else f"{cls.__name__}Document",
        __config__=ConfigDict(extra="forbid"),
        __doc__=cls.__doc__ if cls.__doc__ and not cls.__doc__.startswith(cls.__name__) else None,
        **definitions,
    )


# The whole document after the merge: every type and range (the faults of a variant).
_DOCUMENT = TypeAdapter(_model(Ruleset, partial=False))
# The engine's dataclasses themselves, types only: builds the ruleset the cross-field rules read.
_RULESET = TypeAdapter(Ruleset)


# ------------------------------------------------------------------------------ validation


def parse_variant(variant: Any) -> Ruleset:
    """The default ruleset with an untrusted variant merged over it, validated (R-HOUSE-2).

    Raises `RulesetError` listing every fault: merge faults, then type and range faults in
    document order, then the cross-field rules (skipping the values already refused).
    """
    if variant is None:
        return default_ruleset()
    if not isinstance(variant, Mapping):
        raise RulesetError([("$", _("expected an object"))])
    document, faults = merge_variant(variant)
    try:
        _DOCUMENT.validate_python(document)
        errors: list[ErrorDetails] = []
    except ValidationError as exc:
        errors = _in_document_order(exc.errors())
        faults += [(_path(e["loc"]), _message(e)) for e in errors]
    ruleset, invalid = _with_defaults_for_refused(document, errors)
    if ruleset is not None:
        faults += check_ruleset(ruleset, {_path(loc) for loc in invalid})
    if faults or ruleset is None:  # no ruleset: its faults are listed
        raise RulesetError(faults)
    return ruleset


def _with_defaults_for_refused(
    document: dict[str, Any], errors: list[ErrorDetails]
) -> tuple[Ruleset | None, set[tuple[str | int, ...]]]:
    """The ruleset with every refused value back at its default, so the cross-field rules run.

    A number out of range keeps its value; an unknown key is left out. A value of the wrong
    type is dropped, and if its field has no default, the nearest enclosing field that has one
    falls back instead (a tier missing a number drops the whole tier list).
    """
    refused = [e["loc"] for e in errors if e["type"] not in {"range", "extra_forbidden"}]
    refused = [loc for loc in refused if loc[-1:] != ("[key]",)]
    if not refused:
        return _RULESET.validate_python(document), set()
    document = copy.deepcopy(document)
    dropped: set[tuple[str | int, ...]] = set()
    for _round in range(16):  # each round climbs one level: documents are a few levels deep
        for loc in refused:
            keys = [loc[: i + 1] for i in range(len(loc)) if isinstance(loc[i], str)]
            undropped = [k for k in reversed(keys) if k not in dropped]
            if not undropped:
                return None, dropped
            dropped.add(undropped[0])
            _drop(document, undropped[0])
        try:
            return _RULESET.validate_python(document), dropped
        except ValidationError as exc:
            refused = [e["loc"] for e in exc.errors()]
    return None, dropped


def _drop(document: Any, loc: tuple[str | int, ...]) -> None:
    """Leave out the value at `loc`; nothing to do when an enclosing value went first (a
    refused faction's key after the whole `factions` fell back, say)."""
    node = document
    for step in loc[:-1]:
        in_dict = isinstance(node, dict) and step in node
        in_list = isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node)
        if not (in_dict or in_list):
            return
        node = node[step]
    if isinstance(node, dict):
        node.pop(loc[-1], None)


def _in_document_order(errors: list[ErrorDetails]) -> list[ErrorDetails]:
    """Depth first as the document reads: within an object, its unknown keys first."""
    first: dict[tuple[str | int, ...], int] = {}
    for i, e in enumerate(errors):
        for n in range(1, len(e["loc"]) + 1):
            first.setdefault(e["loc"][:n], i)

    def key(e: ErrorDetails) -> list[tuple[int, str, int]]:
        loc, extra = e["loc"], e["type"] == "extra_forbidden"
        return [
            (0, str(loc[n - 1]), 0) if extra and n == len(loc) else (1, "", first[loc[:n]])
            for n in range(1, len(loc) + 1)
        ]

    return sorted(errors, key=key)


def _path(loc: tuple[str | int, ...]) -> str:
    parts = [f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc if p != "[key]"]
    return "".join(parts).lstrip(".") or "$"


_MESSAGES = {
    "missing": _("missing"),
    "extra_forbidden": _("unknown key"),
    "int_type": _("expected an integer"),
    "string_type": _("expected a string"),
    "bool_type": _("expected a boolean"),
    "model_type": _("expected an object"),
    "dict_type": _("expected an object"),
    "list_type": _("expected a list"),
}


def _message(e: ErrorDetails) -> str:
    ctx = e.get("ctx", {})
    if isinstance(bounded := ctx.get(_TEXT), Text):
        return bounded
    allowed = ", ".join(re.findall(r"'([^']*)'", str(ctx.get("expected", ""))))
    if e["type"] == "enum":
        return _("expected one of {allowed}", allowed=allowed)
    if e["type"] == "literal_error":  # a terrain modifier's key
        return _("not one of {allowed}", allowed=allowed)
    return _MESSAGES.get(e["type"]) or validation_message(e)


# ------------------------------------------------------------------------------ JSON Schema


class _WithoutDefaults(GenerateJsonSchema):
    """Keys of a variant are optional but have no default of their own: the ruleset's apply."""

    def default_schema(self, schema: core_schema.WithDefaultSchema) -> JsonSchemaValue:
        return self.generate_inner(schema["schema"])


def _inline(node: Any, defs: Mapping[str, Any]) -> Any:
    """`node` with every `$ref` replaced by its definition (the schema stands alone)."""
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        rest = {k: v for k, v in node.items() if k != "$ref"}
        return _inline({**defs[node["$ref"].rpartition("/")[2]], **rest}, defs)
    return {k: _inline(v, defs) for k, v in node.items() if k != "$defs"}


def _variant_model() -> type[BaseModel]:
    """The partial ruleset, `factions` and `tiers` also as objects of partial elements."""
    hints = get_type_hints(Ruleset)
    definitions: dict[str, Any] = {
        f.name: (_field_type(hints[f.name], f"Ruleset.{f.name}", partial=True), None)
        for f in fields(Ruleset)
    }
    key = STRING_LIMITS["key"]
    by_key = _ANNOTATED[
        _DICT[Annotated[str, Field(min_length=key[0], max_length=key[1])], _model(Faction, True)],
        Field(max_length=LIST_LIMITS["Ruleset.factions"][1]),
    ]
    by_number = _ANNOTATED[
        _DICT[Annotated[str, Field(pattern="^[1-9][0-9]*$")], _model(Tier, True)],
        Field(json_schema_extra={"additionalProperties": False}),  # only tier numbers
    ]
    definitions["factions"] = (definitions["factions"][0] | by_key, None)
    definitions["tiers"] = (definitions["tiers"][0] | by_number, None)
    return create_model(
        "RulesetVariant",
        __config__=ConfigDict(extra="forbid"),
        __doc__=(
            "A partial ruleset merged over the default (R-HOUSE-2): objects merge, lists "
            "replace; `factions` may also be an object of partial factions by key, and `tiers` "
            'an object of partial tiers by number (`{"2": {"upkeep": 3}}` changes one tier). '
            "Every number has the range shown; a value outside it is refused with 422 naming "
            "the field."
        ),
        **definitions,
    )


def variant_json_schema() -> dict[str, Any]:
    """The JSON Schema of a ruleset variant, every range included, from the pydantic models."""
    schema = TypeAdapter(_variant_model()).json_schema(schema_generator=_WithoutDefaults)
    inlined: dict[str, Any] = _inline(schema, schema.get("$defs", {}))
    return inlined
