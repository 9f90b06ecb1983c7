"""Pydantic's validation messages (a 422's `errors[].msg`) as texts the reader's language says.

Each common error `type` is rebuilt from its `ctx` as a `_()` text of pydantic's own English
template. The rebuilt English must equal pydantic's message, else pydantic's is kept as it is:
English readers read exactly what they read before, and a type this table does not know (or a
template pydantic changes) stays in pydantic's English rather than in a wrong translation.
"""

import re
from collections.abc import Callable, Mapping
from typing import Any

from app.platform.fields import refusal
from app.platform.i18n import Text, _

Context = Mapping[str, Any]


def _string_too_short(ctx: Context) -> Text:
    n = ctx["min_length"]
    if n == 1:
        return _("String should have at least {min_length} character", min_length=n)
    return _("String should have at least {min_length} characters", min_length=n)


def _string_too_long(ctx: Context) -> Text:
    n = ctx["max_length"]
    if n == 1:
        return _("String should have at most {max_length} character", max_length=n)
    return _("String should have at most {max_length} characters", max_length=n)


def _too_short(ctx: Context) -> Text:
    n, actual = ctx["min_length"], ctx["actual_length"]
    if n == 1:
        return _(
            "{field_type} should have at least {min_length} item after validation, "
            "not {actual_length}",
            field_type=ctx["field_type"],
            min_length=n,
            actual_length=actual,
        )
    return _(
        "{field_type} should have at least {min_length} items after validation, "
        "not {actual_length}",
        field_type=ctx["field_type"],
        min_length=n,
        actual_length=actual,
    )


def _too_long(ctx: Context) -> Text:
    n = ctx["max_length"]
    # Pydantic stops counting past the bound: "not more".
    actual = ctx["actual_length"] if ctx.get("actual_length") is not None else _("more")
    if n == 1:
        return _(
            "{field_type} should have at most {max_length} item after validation, "
            "not {actual_length}",
            field_type=ctx["field_type"],
            max_length=n,
            actual_length=actual,
        )
    return _(
        "{field_type} should have at most {max_length} items after validation, not {actual_length}",
        field_type=ctx["field_type"],
        max_length=n,
        actual_length=actual,
    )


def _choices(expected: Any) -> str:
    """Pydantic's `'a', 'b' or 'c'`, its "or" a text of its own."""
    listed = str(expected)
    quoted = re.findall(r"'[^']*'", listed)
    if len(quoted) < 2:
        return listed
    return _("{choices} or {last}", choices=", ".join(quoted[:-1]), last=quoted[-1])


def _error(ctx: Context) -> str:
    """A validator's own reason: its `_()` text when it raised one, else its English."""
    error = ctx["error"]
    if isinstance(error, Exception) and len(error.args) == 1 and isinstance(error.args[0], Text):
        return error.args[0]
    return str(error)


_TEXTS: dict[str, Callable[[Context], Text]] = {
    "missing": lambda ctx: _("Field required"),
    "extra_forbidden": lambda ctx: _("Extra inputs are not permitted"),
    "string_too_short": _string_too_short,
    "string_too_long": _string_too_long,
    "too_short": _too_short,
    "too_long": _too_long,
    "greater_than": lambda ctx: _("Input should be greater than {gt}", gt=ctx["gt"]),
    "greater_than_equal": lambda ctx: _(
        "Input should be greater than or equal to {ge}", ge=ctx["ge"]
    ),
    "less_than": lambda ctx: _("Input should be less than {lt}", lt=ctx["lt"]),
    "less_than_equal": lambda ctx: _("Input should be less than or equal to {le}", le=ctx["le"]),
    "multiple_of": lambda ctx: _(
        "Input should be a multiple of {multiple_of}", multiple_of=ctx["multiple_of"]
    ),
    "int_type": lambda ctx: _("Input should be a valid integer"),
    "int_parsing": lambda ctx: _(
        "Input should be a valid integer, unable to parse string as an integer"
    ),
    "int_from_float": lambda ctx: _(
        "Input should be a valid integer, got a number with a fractional part"
    ),
    "float_type": lambda ctx: _("Input should be a valid number"),
    "float_parsing": lambda ctx: _(
        "Input should be a valid number, unable to parse string as a number"
    ),
    "bool_type": lambda ctx: _("Input should be a valid boolean"),
    "bool_parsing": lambda ctx: _("Input should be a valid boolean, unable to interpret input"),
    "string_type": lambda ctx: _("Input should be a valid string"),
    "list_type": lambda ctx: _("Input should be a valid list"),
    "dict_type": lambda ctx: _("Input should be a valid dictionary"),
    "model_attributes_type": lambda ctx: _(
        "Input should be a valid dictionary or object to extract fields from"
    ),
    "enum": lambda ctx: _("Input should be {expected}", expected=_choices(ctx["expected"])),
    "literal_error": lambda ctx: _(
        "Input should be {expected}", expected=_choices(ctx["expected"])
    ),
    "string_pattern_mismatch": lambda ctx: _(
        "String should match pattern '{pattern}'", pattern=ctx["pattern"]
    ),
    "json_invalid": lambda ctx: _("Invalid JSON: {error}", error=ctx["error"]),
    "union_tag_invalid": lambda ctx: _(
        "Input tag '{tag}' found using {discriminator} does not match any of the expected "
        "tags: {expected_tags}",
        tag=ctx["tag"],
        discriminator=ctx["discriminator"],
        expected_tags=ctx["expected_tags"],
    ),
    "union_tag_not_found": lambda ctx: _(
        "Unable to extract tag using discriminator {discriminator}",
        discriminator=ctx["discriminator"],
    ),
    "uuid_parsing": lambda ctx: _("Input should be a valid UUID, {error}", error=ctx["error"]),
    "datetime_parsing": lambda ctx: _(
        "Input should be a valid datetime, {error}", error=ctx["error"]
    ),
    "datetime_type": lambda ctx: _("Input should be a valid datetime"),
    "datetime_from_date_parsing": lambda ctx: _(
        "Input should be a valid datetime or date, {error}", error=ctx["error"]
    ),
    "date_from_datetime_parsing": lambda ctx: _(
        "Input should be a valid date or datetime, {error}", error=ctx["error"]
    ),
    "time_parsing": lambda ctx: _(
        "Input should be in a valid time format, {error}", error=ctx["error"]
    ),
    "date_parsing": lambda ctx: _(
        "Input should be a valid date in the format YYYY-MM-DD, {error}", error=ctx["error"]
    ),
    "url_parsing": lambda ctx: _("Input should be a valid URL, {error}", error=ctx["error"]),
    "value_error": lambda ctx: _("Value error, {error}", error=_error(ctx)),
}


def validation_message(error: Mapping[str, Any]) -> str:
    """`error`'s message: a text when its type is known here and its English is pydantic's,
    else pydantic's own message; a text with a control character where the shared text types
    refuse it (app/platform/fields.py) is said in words, not as the pattern."""
    message = str(error.get("msg", ""))
    if error.get("type") == "string_pattern_mismatch":
        # A name or a body with a control character (app/platform/fields.py): said in words.
        said = refusal(str((error.get("ctx") or {}).get("pattern", "")))
        if said is not None:
            return said
    build = _TEXTS.get(str(error.get("type")))
    if build is None:
        return message
    try:
        text = build(error.get("ctx") or {})
    except (KeyError, IndexError, ValueError, TypeError):
        return message
    return text if text == message else message
