"""Texts for players that can be said in more than one language.

`_("Not enough gold: {need} needed.", need=3)` is the English text, and it remembers its
template and parameters so that `app.platform.i18n` can say it in French at the edge (a problem, a
summary, a notification). The template is the message id of the catalogs (`pybabel` extracts
every `_("…")` call); it stays plain data, so the rules engine may use it.

Every text the server fills in is filled by `fill`, the one formatter (tests/meta/test_formatting.py
finds no other): plain `{name}` fields only, never `str.format`, whose fields reach into
attributes and items (`{what.__class__}`) and pad to any width (`{what:>3000000}`).
"""

import string
from collections.abc import Mapping
from functools import lru_cache
from typing import Any


class TemplateError(ValueError):
    """A template with a field other than a plain `{name}` (or a lone brace)."""


@lru_cache(maxsize=4096)
def _pieces(template: str) -> tuple[tuple[str, str | None], ...]:
    pieces: list[tuple[str, str | None]] = []
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as exc:  # a lone `{` or `}`
        raise TemplateError(str(exc)) from None
    for literal, name, spec, conversion in parsed:
        if name is not None and (spec or conversion or not name.isidentifier()):
            # `{a.b}`, `{a[0]}`, `{0}`, `{}`, `{a!r}`, `{a:>9}`: never filled.
            raise TemplateError(f"not a plain {{name}} field: {name!r}")
        pieces.append((literal, name))
    return tuple(pieces)


@lru_cache(maxsize=4096)
def fields(template: str) -> frozenset[str]:
    """The names of `template`'s fields (TemplateError if one is not a plain `{name}`)."""
    return frozenset(name for _literal, name in _pieces(template) if name is not None)


def fill(template: str, params: Mapping[str, Any]) -> str:
    """`template` with each `{name}` replaced by `str(params[name])` (KeyError if missing);
    `{{` and `}}` are braces. Nothing of a value but its `str` is ever read."""
    return "".join(
        [
            literal if name is None else literal + str(params[name])
            for literal, name in _pieces(template)
        ]
    )


class Text(str):
    """An English text with its template and parameters (compares and prints as the English)."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> "Text":
        text = super().__new__(cls, fill(template, params) if params else template)
        text.template = template
        text.params = params
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (a process pool, a cache) as what it is, parameters included.
        return (_rebuild, (self.template, self.params))


def _rebuild(template: str, params: dict[str, Any]) -> Text:
    return Text(template, **params)


def _(template: str, /, **params: Any) -> Text:
    """Mark a text for translation; `{name}` placeholders are filled from `params`."""
    return Text(template, **params)
