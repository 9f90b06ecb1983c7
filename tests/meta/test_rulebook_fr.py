"""docs/rules.fr.md is docs/rules.md in French: the same rules, in the same order, with the same
numbers, and its tables rendered from the default ruleset like the English ones.

A problem's `help` link `rules.md#R-MOVE-1` has its French twin `rules.fr.md#R-MOVE-1`; the rule
ids are the files' `<a id="R-…"></a>` anchors, and a rule's section is the text from its anchor
to the next anchor or heading (so `R-BAT`'s holds the battle tables). The numbers of a section
are its runs of digits: the rules' defaults, the rule ids it cites, steps and paths (`/v1/…`),
none of which a translation may change. `2.25` and its French `2,25` both read 2 and 25.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from app.rules.ruleset import Ruleset, default_ruleset
from tests.factories.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = ROOT / "docs" / "rules.md"
FRENCH = ROOT / "docs" / "rules.fr.md"

# A rule id anchor, or a heading with its explicit `{#anchor}` (the French headings keep the
# English headings' anchors, so that `rules.md#house-rules` works in the French site too).
LANDMARK = re.compile(
    r'^<a id="(?P<id>R-[A-Z]+(?:-[0-9]+)?)"></a>$'
    r"|^(?P<level>#+) (?P<title>.*?)(?: \{#(?P<anchor>[a-z0-9-]+)\})?$",
    re.M,
)


def landmarks(text: str) -> list[str]:
    """The file's outline: each rule id, and each heading's level and anchor, in order."""
    outline = []
    for m in LANDMARK.finditer(text):
        if m["id"]:
            outline.append(m["id"])
        else:
            slug = re.sub(r"[^a-z0-9]+", "-", m["title"].lower()).strip("-")
            outline.append(f"{m['level']} {m['anchor'] or slug}")
    return outline


def sections(text: str) -> dict[str, str]:
    """Each rule id's section: from its anchor to the next anchor or heading."""
    found = list(LANDMARK.finditer(text))
    ends = [m.start() for m in found[1:]] + [len(text)]
    return {m["id"]: text[m.end() : end] for m, end in zip(found, ends, strict=True) if m["id"]}


def numbers(text: str) -> Counter[str]:
    return Counter(re.findall(r"[0-9]+", text))


def number_differences(english: str, french: str) -> dict[str, tuple[list[str], list[str]]]:
    """Per rule id: the numbers only the English section has, and those only the French has."""
    french_sections = sections(french)
    differences = {}
    for rule_id, english_section in sections(english).items():
        english_numbers = numbers(english_section)
        french_numbers = numbers(french_sections.get(rule_id, ""))
        if english_numbers != french_numbers:
            differences[rule_id] = (
                sorted((english_numbers - french_numbers).elements()),
                sorted((french_numbers - english_numbers).elements()),
            )
    return differences


def test_the_french_rulebook_has_every_rule_in_the_same_order() -> None:
    english, french = ENGLISH.read_text(encoding="utf-8"), FRENCH.read_text(encoding="utf-8")

    english_ids = [m for m in landmarks(english) if m.startswith("R-")]
    french_ids = [m for m in landmarks(french) if m.startswith("R-")]
    assert set(english_ids) - set(french_ids) == set(), "rules missing from docs/rules.fr.md"
    assert set(french_ids) - set(english_ids) == set(), "rules docs/rules.md does not have"
    assert french_ids == english_ids, "docs/rules.fr.md has the rules in another order"
    assert landmarks(french) == landmarks(english), "the headings or their anchors differ"


def test_every_french_rule_has_the_english_rules_numbers() -> None:
    english, french = ENGLISH.read_text(encoding="utf-8"), FRENCH.read_text(encoding="utf-8")

    assert number_differences(english, french) == {}, (
        "rule id: (numbers only in docs/rules.md, numbers only in docs/rules.fr.md)"
    )


def test_a_changed_number_or_a_missing_rule_is_caught() -> None:
    english, french = ENGLISH.read_text(encoding="utf-8"), FRENCH.read_text(encoding="utf-8")
    assert "au plus 90 jours" in french

    changed = french.replace("au plus 90 jours", "au plus 60 jours")
    assert number_differences(english, changed) == {"R-BAT-8": (["90"], ["60"])}

    without = french.replace('<a id="R-SEA-3"></a>\n', "")
    assert "R-SEA-3" not in sections(without)
    assert landmarks(without) != landmarks(english)

    renamed = french.replace("## Règles maison {#house-rules}", "## Règles maison")
    assert landmarks(renamed) != landmarks(english)

    swapped = french.replace('<a id="R-SEA-1"></a>', "<!-- swap -->")
    swapped = swapped.replace('<a id="R-SEA-2"></a>', '<a id="R-SEA-1"></a>')
    swapped = swapped.replace("<!-- swap -->", '<a id="R-SEA-2"></a>')
    assert set(sections(swapped)) == set(sections(english))
    assert landmarks(swapped) != landmarks(english)


def test_the_french_tables_are_rendered_from_the_default_ruleset() -> None:
    english, french = ENGLISH.read_text(encoding="utf-8"), FRENCH.read_text(encoding="utf-8")

    assert rulebook.block_names(french) == rulebook.block_names(english)
    assert rulebook.render_french_rulebook(french) == french, (
        "docs/rules.fr.md is stale: run `scripts/rulebook` and commit the result"
    )
    assert "| fonder une ville (niveau 1) | 10 |" in french


def test_a_table_text_without_a_french_translation_fails_the_rendering(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    french = FRENCH.read_text(encoding="utf-8")
    default = default_ruleset()
    renamed = replace(default, factions=(replace(default.factions[0], name="Kislev"),))

    def variant() -> Ruleset:
        return renamed

    monkeypatch.setattr(rulebook, "default_ruleset", variant)

    assert "| Kislev |" in rulebook.render_rulebook(ENGLISH.read_text(encoding="utf-8"))
    with pytest.raises(KeyError, match="Kislev"):
        rulebook.render_french_rulebook(french)
