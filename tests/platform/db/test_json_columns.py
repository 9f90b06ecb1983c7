"""JSON and JSONB columns are written by orjson (app/platform/db/session.py): what a column stores
must read back as it did with the standard library's `json.dumps`."""

import json
from typing import Any

import pytest

from app.platform.db.session import json_text

PAYLOADS: list[Any] = [
    {"forces": {1: {"tier": 2}, 17: {"tier": 1}}},  # integer keys (player numbers)
    {"name": "Élodie — Þórr 龍", "path": [[3, -4], [4, -4]]},  # text beyond ASCII, pairs
    {"gold": -12, "share": 0.5, "none": None, "flags": [True, False]},
    [("tuple", 1), {"nested": {"deep": [{}]}}],
]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_a_json_column_reads_back_what_the_standard_library_would_store(payload: Any) -> None:
    assert json.loads(json_text(payload)) == json.loads(json.dumps(payload))
