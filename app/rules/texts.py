"""Texts for players that can be said in more than one language.

`_("Not enough gold: {need} needed.", need=3)` is the English text, and it remembers its
template and parameters so that `app.platform.i18n` can say it in French at the edge (a problem, a
summary, a notification). The template is the message id of the catalogs (`pybabel` extracts
every `_("…")` call); it stays plain data, so the rules engine may use it.

A text that counts is `ngettext("{n} army", "{n} armies", n, n=n)`, gettext's way: both forms
written in English, the count that chooses between them, and the catalogs' `msgstr[0]`,
`msgstr[1]`… for each language, chosen by that language's plural rule (French: 0 and 1 are
singular). Never "army(s)".

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


class Plural(Text):
    """A text that counts: its singular template (the message id), its plural and the count
    `n` that chooses one; it is the English, singular for 1 and plural for any other count."""

    plural: str
    n: int

    def __new__(cls, singular: str, plural: str, n: int, /, **params: Any) -> "Plural":
        chosen = singular if n == 1 else plural
        for form in (singular, plural):  # both checked: a bad field fails whatever the count
            fields(form)
        text = str.__new__(cls, fill(chosen, params) if params else chosen)
        text.template = singular
        text.params = params
        text.plural = plural
        text.n = n
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_plural, (self.template, self.plural, self.n, self.params))


def _rebuild_plural(singular: str, plural: str, n: int, params: dict[str, Any]) -> Plural:
    return Plural(singular, plural, n, **params)


def _(template: str, /, **params: Any) -> Text:
    """Mark a text for translation; `{name}` placeholders are filled from `params`."""
    return Text(template, **params)


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> Plural:
    """Mark a text that counts `n` for translation (gettext's `ngettext`: pybabel extracts
    both forms); `{name}` placeholders are filled from `params`, the count among them if it
    is said."""
    return Plural(singular, plural, n, **params)
