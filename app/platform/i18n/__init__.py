"""English and French: the language of a request or a user, and the catalogs that translate.

Texts are written in English with `_()` (`app.rules.texts`), which keeps each text's template
and parameters; here they are said in the reader's language, late, where they leave the server.
The French catalogs are gettext `.po` files under `app/platform/i18n/locales/fr/` (one per area:
every file is read); `tests/platform/i18n/test_i18n.py` fails when a marked text has no French
translation or a translation's placeholders differ from its template's.

A text that counts (`ngettext`, a `Plural`) is a plural entry of the catalogs (`msgid`,
`msgid_plural`, `msgstr[0]`, `msgstr[1]`); which form a count takes is the rule of the file's
`Plural-Forms` header (French: `nplurals=2; plural=(n > 1);`), run by the standard library's
gettext; English's is gettext's own, singular for 1 alone.
"""

import gettext
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, Literal, get_args

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from app.rules.texts import Plural, Text, _, fill, ngettext

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Language",
    "Plural",
    "Text",
    "_",
    "as_language",
    "catalog",
    "message_ids",
    "negotiate",
    "ngettext",
    "plural_catalog",
    "plural_ids",
    "plural_rule",
    "say",
    "say_all",
]

Language = Literal["en", "fr"]
LANGUAGES: tuple[Language, ...] = get_args(Language)
DEFAULT_LANGUAGE: Language = "en"
LOCALES = Path(__file__).parent / "locales"


def _files(language: str) -> Iterator[tuple[Path, Catalog]]:
    for path in sorted((LOCALES / language).glob("*.po")):
        with path.open("rb") as file:
            yield path, read_po(file, locale=language)


def _translated(message: Message) -> bool:
    # A fuzzy entry is a guess gettext tools mark for review: not a translation.
    return bool(message.id) and not message.fuzzy


@cache
def catalog(language: Language) -> dict[str, str]:
    """The translations into `language` (template → translated template); English has none."""
    found: dict[str, str] = {}
    for _path, messages in _files(language):
        for message in messages:
            text = message.string
            if _translated(message) and isinstance(message.id, str) and isinstance(text, str):
                found[message.id] = text
    return {template: text for template, text in found.items() if text}


@cache
def plural_catalog(language: Language) -> dict[str, tuple[str, ...]]:
    """The plural translations into `language`: singular template → every form, in the order
    of the language's plural rule (`plural_rule`); a form left empty is no translation."""
    found: dict[str, tuple[str, ...]] = {}
    for _path, messages in _files(language):
        for message in messages:
            forms = message.string
            plural = isinstance(message.id, tuple) and isinstance(forms, tuple)
            if plural and _translated(message) and forms and all(forms):
                found[message.id[0]] = tuple(forms)
    return found


@cache
def plural_rule(language: Language) -> Callable[[int], int]:
    """Which form of a plural text a count takes in `language` (an index into its forms):
    the `Plural-Forms` expression of its catalogs, compiled by gettext; English's, `n != 1`."""
    expressions = {messages.plural_expr for _path, messages in _files(language)}
    if language == DEFAULT_LANGUAGE or not expressions:
        expressions = {"(n != 1)"}
    if len(expressions) != 1:  # the catalogs of one language disagree: a mistake to see now
        raise ValueError(f"{language}: catalogs with different plural rules {expressions}")
    return gettext.c2py(expressions.pop())


@cache
def message_ids() -> frozenset[str]:
    """Every message id of the catalogs: the English template of each `_()` text the server
    writes (`tests/platform/i18n/test_i18n.py` keeps them one and the same), the only templates a
    text kept in storage or a document may name (`app.platform.i18n.kept`)."""
    found: set[str] = set()
    for path in sorted(LOCALES.glob("*/*.po")):
        with path.open("rb") as file:
            found.update(m.id for m in read_po(file) if m.id and isinstance(m.id, str))
    return frozenset(found)


@cache
def plural_ids() -> dict[str, str]:
    """Every plural message of the catalogs, singular → plural: the English forms of each
    `ngettext()` text the server writes, the only ones a kept plural text may name."""
    found: dict[str, str] = {}
    for path in sorted(LOCALES.glob("*/*.po")):
        with path.open("rb") as file:
            for message in read_po(file):
                if isinstance(message.id, tuple) and message.id[0]:
                    found[message.id[0]] = message.id[1]
    return found


def say(text: str, language: Language) -> str:
    """`text` in `language`: a `Text` by its catalog entry, anything else as it is."""
    if language == DEFAULT_LANGUAGE or not isinstance(text, Text):
        return str(text)
    translated: str | None
    if isinstance(text, Plural):
        forms = plural_catalog(language).get(text.template)
        # A count is chosen by the language's rule; a rule past the forms (a broken catalog)
        # says the last one rather than fail a read.
        chosen = plural_rule(language)(text.n) if forms else 0
        translated = forms[min(chosen, len(forms) - 1)] if forms else None
    else:
        translated = catalog(language).get(text.template)
    if translated is None:
        return str(text)
    # A parameter may itself be a text ("a {terrain}" with terrain=_("forest")).
    params = {name: say(value, language) for name, value in text.params.items()}
    return fill(translated, params) if params else translated


def say_all(value: Any, language: Language) -> Any:
    """`value` with every `Text` inside (dicts, lists) said in `language`."""
    if isinstance(value, str):
        return say(value, language)
    if isinstance(value, dict):
        return {key: say_all(item, language) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [say_all(item, language) for item in value]
    return value


def as_language(value: str | None) -> Language | None:
    """`value` if it is a language the server speaks, else None."""
    for language in LANGUAGES:
        if value == language:
            return language
    return None


def negotiate(accept_language: str | None, preference: str | None = None) -> Language:
    """The language to answer in: the user's saved preference, else the best of
    `Accept-Language` (RFC 9110 §12.5.4: `fr-CA;q=0.8, en;q=0.5`), else English."""
    if (chosen := as_language(preference)) is not None:
        return chosen
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate((accept_language or "").split(",")[:32]):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        primary = tag.strip().lower().split("-")[0]
        if quality > 0 and primary:
            ranked.append((-quality, position, primary))
    for _quality, _position, primary in sorted(ranked):
        if (spoken := as_language(primary)) is not None:
            return spoken
        if primary == "*":
            return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE
