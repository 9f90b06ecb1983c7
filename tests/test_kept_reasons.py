"""An exported ledger line's kept reason (template and parameters) imports back only bounded:
a few plain values or texts in the same form, a few levels deep."""

from typing import Any

import pytest
from pydantic import ValidationError

from app.i18n import _
from app.i18n.kept import keep
from app.transfer.schemas import LedgerLine


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
        {"t": [1]},
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
