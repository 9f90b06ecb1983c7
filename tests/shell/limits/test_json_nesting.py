"""The import's quick proof of a body's nesting (app/play/transfer/checks.py) agrees with the
nesting of the parsed value, for any JSON: brackets and quotes inside strings, escapes."""

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.play.transfer.checks import json_nests_at_most

# Strings made of what could fool a scan of the text: brackets, quotes, backslashes.
TRICKY = st.text(alphabet='[]{}"\\,:x é\n', max_size=12)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | TRICKY,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TRICKY, inner, max_size=4),
    max_leaves=40,
)


def nesting(value: Any) -> int:
    """Arrays and objects deep, counted on the parsed value (the reference)."""
    if isinstance(value, list):
        return 1 + max(map(nesting, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(nesting, value.values()), default=0)
    return 0


@settings(max_examples=300, deadline=None)
@given(VALUES, st.booleans())
def test_the_text_nests_as_deep_as_its_value(value: Any, spaced: bool) -> None:
    separators = (", ", ": ") if spaced else (",", ":")
    text = json.dumps(value, ensure_ascii=False, separators=separators).encode()
    deep = nesting(value)
    assert json_nests_at_most(text, deep)
    assert deep == 0 or not json_nests_at_most(text, deep - 1)


def test_a_string_of_brackets_nests_nothing_and_a_deep_array_more_than_its_bound() -> None:
    text = json.dumps({"message": "[" * 1000 + '\\"{' * 100}).encode()
    assert json_nests_at_most(text, 1)
    deep = json.dumps([[[[["x"]]]]]).encode()
    assert (json_nests_at_most(deep, 4), json_nests_at_most(deep, 5)) == (False, True)


def test_strings_side_by_side_and_objects_in_arrays_nest_as_their_values() -> None:
    """Two quotes side by side are dropped first (an empty string, or two strings with only
    scalars between them), and braces count as brackets: neither changes what nests."""
    for value in (
        {"a": "[", "b": "]", "": ["", "{", 1, "}"]},
        ["]", "", ["[", {"": {}}, "]"], "{"],
        [{"x": [{"y": "[[["}]}, "]]]"],
    ):
        text = json.dumps(value, separators=(",", ":")).encode()
        deep = nesting(value)
        assert json_nests_at_most(text, deep), value
        assert not json_nests_at_most(text, deep - 1), value
