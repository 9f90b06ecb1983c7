"""Tests share through tests/factories, never through each other: no module under tests/
imports a test module (`test_*.py`), whose helpers and fixtures would then live in two places."""

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _is_test_module(dotted: str) -> bool:
    parts = dotted.split(".")
    return parts[0] == "tests" and parts[-1].startswith("test_")


def imported_test_modules(source: str) -> list[str]:
    """The test modules (`tests.….test_x`) that `source` imports, in any of the three forms."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if _is_test_module(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if _is_test_module(node.module):
                found.append(node.module)
            else:
                found += [
                    f"{node.module}.{a.name}"
                    for a in node.names
                    if _is_test_module(f"{node.module}.{a.name}")
                ]
    return found


def test_every_form_of_importing_a_test_module_is_found() -> None:
    source = (
        "import tests.api.test_a\n"
        "from tests.rules.test_b import helper\n"
        "from tests.api import test_c as c, game\n"
        "def f():\n    from tests.api.test_d import x\n"
        "from tests.factories.flows import start_game\n"
        "from tests.factories.walk import leaks\n"
        "import pytest\n"
    )
    assert imported_test_modules(source) == [
        "tests.api.test_a",
        "tests.rules.test_b",
        "tests.api.test_c",
        "tests.api.test_d",
    ]


def test_no_module_under_tests_imports_a_test_module() -> None:
    offenders = {
        str(path.relative_to(TESTS.parent)): imported
        for path in sorted(TESTS.rglob("*.py"))
        if (imported := imported_test_modules(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}, "move what is shared to tests/factories/"
