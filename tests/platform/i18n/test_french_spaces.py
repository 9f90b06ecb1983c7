"""The server's French says its signs as French does: a non-breaking space before `:` `;` `?` `!`
and `»` and after `«` (U+00A0, or the narrow U+202F), in every translation of its catalogs
(issue 44, round 3; `scripts/french_spaces.py` puts them in)."""

import re

from babel.messages.pofile import read_po

from app.platform.i18n import LOCALES, say
from app.rules.texts import _

SPACED = "\u00a0\u202f"
# Left as they are: code in backticks, a query (?player=N), a URL, a time (20:00).
KEPT = re.compile(r"`[^`]*`|\?\w+=\S*|\b[a-z][a-z0-9+.-]*://\S*|\d:\d")


def faults(text: str) -> list[str]:
    """The signs of `text` missing their non-breaking space."""
    plain = KEPT.sub(lambda m: "x" * len(m.group(0)), text)
    found = []
    for i, sign in enumerate(plain):
        before = plain[i - 1] if i else ""
        after = plain[i + 1] if i + 1 < len(plain) else ""
        spaced_before = before == "" or before in ":;?!" or before in SPACED
        if (sign in ":;?!»" and not spaced_before) or (
            sign == "«" and (after == "" or after not in SPACED)
        ):
            found.append(sign)
    return found


def test_the_check_tells_a_plain_space_from_a_french_one() -> None:
    assert faults("Échéance : {when}") == [":"]
    assert faults("Échéance: {when} ; « prêt »") == [":", ";", "«", "»"]
    assert faults("À 20:00 sur https://x.example/a?b=c, avec ?player=N ou `code:<c>` ?!") == ["?"]
    assert faults("Échéance\u00a0: {when}\u202f; «\u00a0prêt\u00a0»\u202f!") == []


def test_every_french_translation_has_its_non_breaking_spaces() -> None:
    wrong = []
    for path in sorted((LOCALES / "fr").glob("*.po")):
        with path.open("rb") as file:
            for message in read_po(file, locale="fr"):
                if not message.id:
                    continue
                found = message.string
                strings = [found] if isinstance(found, str) else [str(s) for s in found or ()]
                wrong += [
                    f"{path.name}: {message.id!r}: {sign}"
                    for text in strings
                    if text
                    for sign in faults(text)
                ]
    assert wrong == []


def test_a_french_reader_gets_the_non_breaking_space() -> None:
    assert say(_("Deadline: {when}", when="2030-06-01"), "fr") == "Échéance\u00a0: 2030-06-01"
