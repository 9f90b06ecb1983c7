"""Every entry of tests/conftest.py's `SLOW_TESTS` (left out of `scripts/test --quick`) names a
test module that exists, and a test function defined in it where it names one."""

import re
from pathlib import Path

from tests.conftest import SLOW_TESTS

ROOT = Path(__file__).resolve().parents[2]


def test_every_slow_entry_names_existing_tests() -> None:
    missing = []
    for entry in SLOW_TESTS:
        path, _, name = entry.partition("::")
        module = ROOT / path
        if not module.is_file() or (
            name and not re.search(rf"^(async )?def {re.escape(name)}", module.read_text(), re.M)
        ):
            missing.append(entry)
    assert not missing, f"SLOW_TESTS entries that name no test: {missing}"
