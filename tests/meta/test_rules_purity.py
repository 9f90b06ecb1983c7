"""The rules engine (app/rules) imports nothing but the standard library and itself."""

import ast
import sys
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parents[2] / "app" / "rules"


def _imported_modules(tree: ast.AST) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        # Relative imports (`from . import x`) stay inside the package by construction.
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def _allowed(module: str) -> bool:
    top = module.split(".")[0]
    return (
        top in sys.stdlib_module_names or module == "app.rules" or module.startswith("app.rules.")
    )


def test_rules_import_only_the_standard_library() -> None:
    offenders = [
        f"{path.relative_to(RULES_DIR.parent.parent)}:{lineno} imports {module}"
        for path in sorted(RULES_DIR.rglob("*.py"))
        for lineno, module in _imported_modules(ast.parse(path.read_text(encoding="utf-8")))
        if not _allowed(module)
    ]

    assert not offenders, "app/rules must stay pure:\n" + "\n".join(offenders)
