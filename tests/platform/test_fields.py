"""The shared text types (app/platform/fields.py) refuse exactly the characters they say, the same
in pydantic's validation, in Python's `re` (names read from files) and in the contract."""

import re

from pydantic import TypeAdapter, ValidationError

from app.platform.fields import BODY_PATTERN, NAME_PATTERN, BodyText, NameText, is_name

# C0 and C1 controls, DEL, the line and paragraph separators, bidi embeddings, overrides and
# isolates.
REFUSED = {
    *range(0x20),
    *range(0x7F, 0xA0),
    0x2028,
    0x2029,
    *range(0x202A, 0x202F),
    *range(0x2066, 0x206A),
}
KEPT_IN_BODIES = {0x09, 0x0A}  # TAB and LF
SAMPLE = [*range(0x3100), 0xFEFF, 0xFFFD, 0x1F600, 0x10FFFF]


def accepts(adapter: TypeAdapter[str], text: str) -> bool:
    try:
        adapter.validate_python(text)
    except ValidationError:
        return False
    return True


def test_a_name_refuses_the_controls_separators_and_bidi_overrides_and_nothing_else() -> None:
    names = TypeAdapter(NameText)
    refused = {c for c in SAMPLE if not accepts(names, f"a{chr(c)}b")}
    assert refused == REFUSED
    assert {c for c in SAMPLE if not is_name(f"a{chr(c)}b")} == REFUSED
    assert {c for c in SAMPLE if re.fullmatch(NAME_PATTERN, chr(c)) is None} == REFUSED


def test_a_body_keeps_line_breaks_and_tabs() -> None:
    bodies = TypeAdapter(BodyText)
    refused = {c for c in SAMPLE if not accepts(bodies, f"a{chr(c)}b")}
    assert refused == REFUSED - KEPT_IN_BODIES
    assert {c for c in SAMPLE if re.fullmatch(BODY_PATTERN, chr(c)) is None} == refused
    assert accepts(bodies, "Line one\n\tLine two\n")
    assert not accepts(bodies, "Line one\r\nLine two")
