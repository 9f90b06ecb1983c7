"""English and French: the language of a request or a user, and the catalogs that translate.

Texts are written in English with `_()` (`app.rules.texts`), which keeps each text's template
and parameters; here they are said in the reader's language, late, where they leave the server.
The French catalogs are gettext `.po` files under `app/platform/i18n/locales/fr/` (one per area:
every file is read); `tests/platform/i18n/test_i18n.py` fails when a marked text has no French
translation or a translation's placeholders differ from its template's.
"""

from functools import cache
from pathlib import Path
from typing import Any, Literal, get_args

from babel.messages.pofile import read_po

from app.rules.texts import Text, _, fill

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Language",
    "Text",
    "_",
    "as_language",
    "catalog",
    "message_ids",
    "negotiate",
    "say",
    "say_all",
]

Language = Literal["en", "fr"]
LANGUAGES: tuple[Language, ...] = get_args(Language)
DEFAULT_LANGUAGE: Language = "en"
LOCALES = Path(__file__).parent / "locales"


@cache
def catalog(language: Language) -> dict[str, str]:
    """The translations into `language` (template → translated template); English has none."""
    found: dict[str, str] = {}
    for path in sorted((LOCALES / language).glob("*.po")):
        with path.open("rb") as file:
            for message in read_po(file, locale=language):
                text = message.string
                # A fuzzy entry is a guess gettext tools mark for review: not a translation.
                if (
                    message.id
                    and isinstance(message.id, str)
                    and isinstance(text, str)
                    and text
                    and not message.fuzzy
                ):
                    found[message.id] = text
    return found


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


def say(text: str, language: Language) -> str:
    """`text` in `language`: a `Text` by its catalog entry, anything else as it is."""
    if language == DEFAULT_LANGUAGE or not isinstance(text, Text):
        return str(text)
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
