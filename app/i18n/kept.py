"""Texts kept in the database so that they can be said later, in the reader's language.

A stored summary line or notification holds its English (what older readers and exports
show) and, beside it, each `Text`'s template and parameters as plain JSON
(`{"template": "…", "params": {…}}`, a parameter that is a text in the same form). Reading
revives the text and says it in the reader's language; a value stored before (plain English,
no kept form) is read as it is.
"""

from collections.abc import Mapping
from typing import Any

from app.i18n import Language, say
from app.rules.texts import Text

# Parameters stored as they are; any other value is stored as the string it formats to.
_PLAIN = (str, int, float, bool, type(None))


def keep(text: Text) -> dict[str, Any]:
    """`text`'s template and parameters, as JSON-safe data."""
    params: dict[str, Any] = {}
    for name, value in text.params.items():
        if isinstance(value, Text):
            params[name] = keep(value)
        elif isinstance(value, _PLAIN):
            params[name] = value
        else:
            params[name] = str(value)
    return {"template": text.template, "params": params}


def revive(kept: Mapping[str, Any]) -> Text:
    """The text `keep` stored (a parameter stored as a mapping is a text itself)."""
    params = {
        name: revive(value) if isinstance(value, Mapping) else value
        for name, value in dict(kept.get("params") or {}).items()
    }
    return Text(str(kept["template"]), **params)


def keep_texts(values: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The kept form of each value of `values` that is a `Text`, by key (empty if none)."""
    return {key: keep(value) for key, value in values.items() if isinstance(value, Text)}


def say_kept(
    values: Mapping[str, Any], kept: Mapping[str, Any] | None, language: Language
) -> dict[str, Any]:
    """`values` with each key that has a kept text said in `language` (the stored English if
    the kept form cannot be read: a text is never worth a failed read)."""
    said = dict(values)
    for key, form in (kept or {}).items():
        if key not in said or not isinstance(form, Mapping):
            continue
        try:
            said[key] = say(revive(form), language)
        except (KeyError, IndexError, ValueError, TypeError):
            continue
    return said
