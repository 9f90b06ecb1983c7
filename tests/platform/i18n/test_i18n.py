"""The French catalogs are complete: every text marked with `_()` or `ngettext()` in app/ has a
translation whose placeholders are its template's, and the catalogs hold nothing that is no
longer said; a text that counts takes the form of the reader's language's plural rule."""

import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from app.platform.i18n import (
    LOCALES,
    _,
    catalog,
    message_ids,
    negotiate,
    ngettext,
    plural_catalog,
    plural_ids,
    plural_rule,
    say,
)
from app.rules.texts import Plural, Text

APP = Path(__file__).resolve().parents[3] / "app"


def _marked() -> list[tuple[str, int, str | tuple[str, ...]]]:
    return [
        (f"app/{filename}", lineno, message)
        for filename, lineno, message, _comments, _context in extract_from_dir(
            str(APP), method_map=[("**.py", "python")], keywords={"_": None, "ngettext": (1, 2)}
        )
    ]


def marked_templates() -> dict[str, str]:
    """Every `_("…")` template in app/, with where it is first written."""
    found: dict[str, str] = {}
    for at, lineno, message in _marked():
        if isinstance(message, str):
            found.setdefault(message, f"{at}:{lineno}")
    return found


def marked_plurals() -> dict[tuple[str, str], str]:
    """Every `ngettext("…", "…", n)` text in app/ (singular, plural), with where it is written."""
    found: dict[tuple[str, str], str] = {}
    for at, lineno, message in _marked():
        if isinstance(message, tuple):
            assert len(message) == 2, f"{at}:{lineno}: two written forms"
            found.setdefault((message[0], message[1]), f"{at}:{lineno}")
    return found


def placeholders(template: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(template) if name}


def test_every_marked_text_has_a_french_translation() -> None:
    french = catalog("fr")
    missing = [f"{at}: {tpl!r}" for tpl, at in marked_templates().items() if tpl not in french]
    assert not missing, "texts without a French translation:\n" + "\n".join(missing)


def test_every_marked_text_is_a_message_id_a_kept_text_may_name() -> None:
    """A text the server keeps (app.platform.i18n.kept) is read back by its message id alone."""
    unknown = sorted(set(marked_templates()) - message_ids())
    assert not unknown, "texts the server could not read back:\n" + "\n".join(unknown)


def test_translations_keep_the_placeholders_of_their_template() -> None:
    wrong = [
        f"{tpl!r} → {text!r}"
        for tpl, text in catalog("fr").items()
        if placeholders(tpl) != placeholders(text)
    ]
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong)


def test_catalogs_hold_only_texts_the_server_says() -> None:
    stale = sorted(set(catalog("fr")) - set(marked_templates()))
    assert not stale, "translations of texts no longer in app/:\n" + "\n".join(stale)


def test_every_marked_plural_has_every_french_form_with_its_placeholders() -> None:
    french = plural_catalog("fr")
    missing = [
        f"{at}: {forms!r}" for forms, at in marked_plurals().items() if forms[0] not in french
    ]
    assert not missing, "plural texts without French:\n" + "\n".join(missing)
    assert {forms[0]: forms[1] for forms in marked_plurals()} == plural_ids()
    for (singular, plural), at in marked_plurals().items():
        assert placeholders(singular) == placeholders(plural), at
        assert [placeholders(form) for form in french[singular]] == [placeholders(singular)] * 2, at


def test_no_text_counts_with_s_in_parentheses() -> None:
    """ "3 player(s)": a count says its noun's plural (ngettext), in English as in French."""
    written = [*marked_templates(), *(f for forms in marked_plurals() for f in forms)]
    said = [
        *written,
        *catalog("fr").values(),
        *(f for v in plural_catalog("fr").values() for f in v),
    ]
    assert not [text for text in said if "(s)" in text]


def test_every_french_catalog_says_french_plural_rule() -> None:
    """0 and 1 are singular in French, more is plural (gettext's rule for French)."""
    for path in sorted((LOCALES / "fr").glob("*.po")):
        assert '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"' in path.read_text(), path.name
    assert [plural_rule("fr")(n) for n in (0, 1, 2, 17)] == [0, 0, 1, 1]
    assert [plural_rule("en")(n) for n in (0, 1, 2, 17)] == [1, 0, 1, 1]


@pytest.mark.parametrize(
    ("n", "english", "french"),
    [
        (0, "0 players not ready", "0 joueur pas prêt"),
        (1, "1 player not ready", "1 joueur pas prêt"),
        (2, "2 players not ready", "2 joueurs pas prêts"),
    ],
)
def test_a_text_that_counts_takes_the_form_its_language_gives_the_count(
    n: int, english: str, french: str
) -> None:
    text = ngettext("{waiting} player not ready", "{waiting} players not ready", n, waiting=n)

    assert isinstance(text, Plural)
    assert (text, say(text, "en"), say(text, "fr")) == (english, english, french)


def test_a_text_is_its_english_and_keeps_its_parameters() -> None:
    text = _("Not enough gold: {need} needed, {have} held.", need=5, have=2)

    assert isinstance(text, Text)
    assert text == "Not enough gold: 5 needed, 2 held."
    assert (text.template, text.params) == (
        "Not enough gold: {need} needed, {have} held.",
        {"need": 5, "have": 2},
    )
    # Untranslated (unknown template): the English, never an error.
    assert say(text, "fr") == "Not enough gold: 5 needed, 2 held."
    assert say("plain", "fr") == "plain"


def test_a_text_inside_a_text_is_said_in_the_same_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    french = {"A {terrain} tile.": "Une case de {terrain}.", "forest": "forêt"}
    monkeypatch.setattr("app.platform.i18n.catalog", lambda language: french)
    text = _("A {terrain} tile.", terrain=_("forest"))

    assert (text, say(text, "fr")) == ("A forest tile.", "Une case de forêt.")


@pytest.mark.parametrize(
    ("header", "preference", "expected"),
    [
        (None, None, "en"),
        ("fr", None, "fr"),
        ("fr-CA, en;q=0.8", None, "fr"),
        ("en-GB, fr;q=0.9", None, "en"),
        ("de, fr;q=0.5", None, "fr"),  # German is not spoken: the next acceptable one
        ("fr;q=0, en", None, "en"),  # q=0 means "not French"
        ("de, it", None, "en"),
        ("*", None, "en"),
        ("fr;q=abc, en;q=0.1", None, "en"),  # a malformed weight counts as 0
        ("en", "fr", "fr"),  # the user's saved choice wins over the browser's
        ("fr", "xx", "fr"),  # an unknown preference is ignored
    ],
)
def test_the_language_of_a_request(
    header: str | None, preference: str | None, expected: str
) -> None:
    assert negotiate(header, preference) == expected
