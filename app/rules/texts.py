"""Texts for players that can be said in more than one language.

`_("Not enough gold: {need} needed.", need=3)` is the English text, and it remembers its
template and parameters so that `app.i18n` can say it in French at the edge (a problem, a
summary, a notification). The template is the message id of the catalogs (`pybabel` extracts
every `_("…")` call); it stays plain data, so the rules engine may use it.
"""

from typing import Any


class Text(str):
    """An English text with its template and parameters (compares and prints as the English)."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> "Text":
        text = super().__new__(cls, template.format(**params) if params else template)
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
