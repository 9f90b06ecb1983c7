"""Write the project's layout page (docs/contributors/layout.md) from the tree itself.

app/ is read from its wings' and packages' docstrings (their first line), so the page says what
the code says; the rest of the repository from the table below. `scripts/layout` writes it;
tests/meta/test_layout.py fails when the committed page is not what this writes.
"""

import ast
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "contributors" / "layout.md"
# The wings of app/, top to bottom: a wing imports only the wings below it (lint-imports).
WINGS = ("shell", "channels", "play", "accounts", "store", "platform", "rules")
BESIDE_APP = (
    ("migrations/", "Alembic (async env); files named YYYY-MM-DD-HHMM_slug.py"),
    ("openapi/", "openapi.json, the contract, written by scripts/openapi and checked by tests"),
    ("clients/", "python/: the typed client generated from the contract; cli/: `marchlords`"),
    ("web/", "the reference web client (React, TypeScript), built into web/dist and served at /"),
    ("scripts/", "serve, test, openapi, rulebook, layout, commit_msg, the bench_* entry points"),
    ("bench/", "the benchmarks (docs/benchmarks.md)"),
    ("docs/", "this site (mkdocs.yml): the rulebook, players', clients', operators' pages"),
    ("tests/", "pytest: tests/<wing>/<package>/ mirror app/; rules/ by the rulebook's sections;"),
    ("", "adversarial/ one module per channel; meta/ the checks of the project itself;"),
    ("", "factories/ what tests share; clients/ the CLI and the generated client"),
)
INTRO = """# Project layout

<!-- Written by scripts/layout from the package docstrings: edit those, then run it. -->

Where things are. `app/` is in **wings**, from the top (what wraps a request) to the bottom (the
pure rules engine); a wing imports only the wings below it, which `lint-imports` checks
(`[tool.importlinter]` in `pyproject.toml`). [Architecture](../architecture.md) says how the
layers depend on each other and where each kind of change goes. Each domain package has a thin
`router.py` (its endpoints) on a `service.py` (which flushes, never commits) and `schemas.py`.
"""


def first_line(path: Path) -> str:
    """The first line of the module's docstring (a module without one is a bug: it fails)."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    if not doc:
        raise SystemExit(f"{path.relative_to(ROOT)} has no docstring: say what it is for")
    return " ".join(doc.split("\n\n")[0].split()).split(". ")[0].rstrip(".:")


def entries(folder: Path) -> list[tuple[str, str]]:
    """(name, what it is) of each package and module directly in `folder`."""
    found = []
    for child in sorted(folder.iterdir()):
        if child.name.startswith(("_", ".")):
            continue
        if child.is_dir() and (child / "__init__.py").exists():
            found.append((child.name + "/", first_line(child / "__init__.py")))
        elif child.suffix == ".py":
            found.append((child.name, first_line(child)))
    return found


def line(indent: int, name: str, what: str) -> str:
    """One entry: its name, then what it is, wrapped under itself within 100 characters."""
    head = f"{' ' * indent}{name:<{22 - indent}}"
    return textwrap.fill(what, 100, initial_indent=head, subsequent_indent=" " * 22)


def page() -> str:
    """The layout page as the tree stands."""
    app = ROOT / "app"
    lines = [INTRO, "```"]
    lines.append(line(0, "app/", first_line(app / "__init__.py")))
    for name, what in entries(app):
        if name.rstrip("/") not in WINGS:
            lines.append(line(2, name, what))
    for wing in WINGS:
        lines.append(line(2, wing + "/", first_line(app / wing / "__init__.py")))
        lines += [line(4, name, what) for name, what in entries(app / wing)]
    lines += [line(0, name, what) for name, what in BESIDE_APP]
    lines.append("```")
    return "\n".join(lines) + "\n"


def main() -> int:
    PAGE.write_text(page(), encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
