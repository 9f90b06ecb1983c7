"""An exported ledger line's kept reason (message id and parameters) imports back only bounded:
a few plain values or texts in the same form, a few levels deep; and a kept text revives only
as one of the server's own texts, with exactly its parameters."""

from typing import Any

import pytest
from pydantic import ValidationError

from app.platform.i18n import _, message_ids, say
from app.platform.i18n.kept import MAX_DEPTH, UnreadableText, keep, kept_fault, revive, say_kept
from app.play.transfer.schemas import LedgerLine


def _line(reason_text: Any) -> dict[str, Any]:
    return {
        "player": 1,
        "turn": 1,
        "amount": 1,
        "reason": "r",
        "rule": "R-ECO-6",
        "created_at": "2026-01-01T00:00:00Z",
        "reason_text": reason_text,
    }


def _nested(depth: int) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for _level in range(depth):
        params = {"t": {"template": "{t}", "params": params}}
    return params


@pytest.mark.parametrize(
    "params",
    [
        {"x": "y" * 501},
        {"n" * 41: 1},
        {str(i): i for i in range(17)},
        {"t": {"template": "a"}},
        {"t": {"template": "a", "params": {}, "more": 1}},
        _nested(10),
    ],
)
def test_an_imported_ledger_reason_is_bounded(params: dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        LedgerLine.model_validate(_line({"template": "r", "params": params}))


def test_an_imported_ledger_reason_of_texts_within_texts_is_read() -> None:
    kept = keep(
        _("{choices} or {last}", choices=_("{choices} or {last}", choices="x", last="y"), last="z")
    )

    assert LedgerLine.model_validate(_line(kept)).model_dump()["reason_text"] == kept
    assert LedgerLine.model_validate(_line(None)).reason_text is None
    assert LedgerLine.model_validate(_line({"template": "r", "params": _nested(8)}))


OR = "{choices} or {last}"  # a message id of the catalogs, with two parameters


def _kept_nested(depth: int) -> dict[str, Any]:
    """A kept text `depth` texts deep below the top one."""
    form: dict[str, Any] = {"template": OR, "params": {"choices": "x", "last": "y"}}
    for _level in range(depth):
        form = {"template": OR, "params": {"choices": form, "last": "z"}}
    return form


def test_a_kept_text_revives_as_the_same_text_in_every_language() -> None:
    text = _(OR, choices=_(OR, choices="forest", last=_("outpost")), last=3)

    revived = revive(keep(text))

    assert (revived, revived.template, say(revived, "fr")) == (text, OR, say(text, "fr"))
    assert revive(_kept_nested(MAX_DEPTH)).startswith("x or y")


def test_a_parameter_that_is_no_string_integer_or_text_is_kept_as_its_string() -> None:
    class Odd:
        def __str__(self) -> str:
            return "odd"

    kept = keep(_(OR, choices=1.5, last=Odd()))

    assert kept["params"] == {"choices": "1.5", "last": "odd"}
    assert keep(_(OR, choices=True, last=None))["params"] == {"choices": "True", "last": "None"}


@pytest.mark.parametrize(
    ("form", "where"),
    [
        ({"template": "{what.__class__}", "params": {"what": "x"}}, "/template"),
        ({"template": "{what:>3000000}", "params": {"what": "x"}}, "/template"),
        ({"template": "Gold: {what}", "params": {"what": "x"}}, "/template"),
        ({"template": OR, "params": {"choices": "a", "last": "b", "more": 1}}, "/params/more"),
        ({"template": OR, "params": {"choices": "a"}}, "/params"),
        ({"template": OR, "params": {"choices": [1], "last": "b"}}, "/params/choices"),
        ({"template": OR, "params": {"choices": 1.5, "last": "b"}}, "/params/choices"),
        ({"template": OR, "params": {"choices": True, "last": "b"}}, "/params/choices"),
        ({"template": OR, "params": {"choices": None, "last": "b"}}, "/params/choices"),
        ({"template": OR, "params": {"choices": 2**63, "last": "b"}}, "/params/choices"),
        ({"template": OR, "params": {"choices": "a", "last": {"template": "{x!r}"}}}, None),
        ({"template": OR, "params": []}, "/params"),
        ("{what}", ""),
        (_kept_nested(MAX_DEPTH + 1), None),
    ],
)
def test_a_kept_text_that_is_not_one_of_the_servers_is_never_filled(
    form: Any, where: str | None
) -> None:
    with pytest.raises(UnreadableText) as refused:
        revive(form)

    if where is not None:
        assert refused.value.where == where
    fault = kept_fault(form, "/document/ledger/0/reason_text")
    assert fault is not None
    assert fault[0] == "/document/ledger/0/reason_text" + refused.value.where
    # Read from storage: the English stored beside it, never the template filled.
    assert say_kept({"reason": "Income"}, {"reason": form}, "fr") == {"reason": "Income"}


def test_every_message_id_is_one_a_kept_text_may_name() -> None:
    """(tests/platform/i18n/test_i18n.py: every `_()` template of app/ is in the catalogs.)"""
    assert OR in message_ids()
    assert "outpost" in message_ids()
    assert "{what.__class__}" not in message_ids()
