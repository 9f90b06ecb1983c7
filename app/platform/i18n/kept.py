"""Texts kept in the database so that they can be said later, in the reader's language.

A stored summary line or notification holds its English (what older readers and exports
show) and, beside it, each `Text`'s message id and parameters as plain JSON
(`{"template": "…", "params": {…}}`, a parameter that is a text in the same form; a text that
counts adds its plural and its count: `{"template": "{n} army", "plural": "{n} armies",
"n": 2, "params": {…}}`). Reading
revives the text and says it in the reader's language; a value stored before (plain English,
no kept form) is read as it is.

A kept form names a text the server writes, never a template of its own: `revive` fills only
a message id of the catalogs (`message_ids`), with exactly the parameters its template has,
each a string, an integer or a text in the same form, `MAX_DEPTH` texts deep at most; a plural
names a plural message of the catalogs by both its English forms (`plural_ids`), with a 64-bit
integer count and the parameters of its two forms. Anything
else is an `UnreadableText` naming where: an import refuses it (`kept_fault`, by its JSON
pointer), a read falls back to the stored English.
"""

from collections.abc import Mapping
from typing import Any

from app.platform.i18n import Language, message_ids, plural_ids, say
from app.rules.texts import Plural, Text, _, fields

MAX_DEPTH = 8  # texts within texts: "a or b or c" is two deep, a bonus's reason three
_INT64 = 2**63


class UnreadableText(ValueError):
    """A kept form that is not a text of the server; `where`: its JSON pointer in the form."""

    def __init__(self, where: str, message: Text) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


def keep(text: Text) -> dict[str, Any]:
    """`text`'s message id and parameters, as JSON-safe data (a parameter other than a text,
    a string or an integer is kept as the string it is said as)."""
    params: dict[str, Any] = {}
    for name, value in text.params.items():
        if isinstance(value, Text):
            params[name] = keep(value)
        elif type(value) is int:
            params[name] = value
        else:
            params[name] = str(value)
    if isinstance(text, Plural):
        return {"template": text.template, "plural": text.plural, "n": text.n, "params": params}
    return {"template": text.template, "params": params}


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _is_mapping(value: Any) -> bool:
    return type(value) is dict or isinstance(value, Mapping)  # JSON's dicts, checked first


def _revive(kept: Any, where: str, depth: int) -> Text:
    # An import checks every ledger line and summary text: no pointer is spelled out but for
    # a fault or a text within.
    if not _is_mapping(kept):
        raise UnreadableText(where, _("not a text: an object of a template and parameters"))
    template = kept.get("template")
    counted = "plural" in kept or "n" in kept
    known = plural_ids() if counted else message_ids()
    if type(template) is not str or template not in known:
        raise UnreadableText(f"{where}/template", _("not a message id of the server's texts"))
    plural = kept.get("plural")
    n = kept.get("n")
    if counted and (type(plural) is not str or plural != plural_ids()[template]):
        # The plural is the catalog's, never one of the document's own.
        raise UnreadableText(f"{where}/plural", _("not the plural of this text"))
    if counted and not (type(n) is int and -_INT64 <= n < _INT64):
        raise UnreadableText(f"{where}/n", _("not a 64-bit integer"))
    params = kept.get("params")
    if params is None:
        params = {}
    if not _is_mapping(params):
        raise UnreadableText(f"{where}/params", _("not an object of parameters"))
    names = fields(template) | fields(plural) if counted else fields(template)
    values: dict[str, Any] = {}
    for name, value in params.items():
        if name not in names:
            raise UnreadableText(_at(where, name), _("not a parameter of this text"))
        kind = type(value)
        if kind is str or (kind is int and -_INT64 <= value < _INT64):
            values[name] = value
        elif _is_mapping(value):
            if depth >= MAX_DEPTH:
                raise UnreadableText(
                    _at(where, name), _("texts nested deeper than {most}", most=MAX_DEPTH)
                )
            values[name] = _revive(value, _at(where, name), depth + 1)
        else:
            raise UnreadableText(_at(where, name), _("not a string, a 64-bit integer or a text"))
    if len(values) != len(names):
        missing = sorted(names - values.keys())
        raise UnreadableText(f"{where}/params", _("no parameter {name}", name=missing[0]))
    if counted:
        return Plural(template, plural, n, **values)
    return Text(template, **values)


def _at(where: str, name: Any) -> str:
    return f"{where}/params/{_escape(str(name))}"


def revive(kept: Any) -> Text:
    """The text `keep` stored; `UnreadableText` if `kept` is not one (see the module)."""
    return _revive(kept, "", 0)


def kept_fault(kept: Any, path: str) -> tuple[str, str] | None:
    """Why `kept`, at JSON pointer `path` of a document, is not a kept text (None: it is)."""
    try:
        revive(kept)
    except UnreadableText as exc:
        return path + exc.where, exc.message
    return None


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
