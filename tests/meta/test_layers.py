"""The layers of app/ hold: the import-linter contract (pyproject.toml, `[tool.importlinter]`)
is kept, and no module uses another module's private names (which import-linter cannot see)."""

import ast
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Where a private name must not be borrowed from another module: the server and the tools on it.
# Tests may reach into a module they test (a faster password hasher, a helper's edge cases).
SCANNED = ("app", "scripts", "bench")


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(dotted: str) -> bool:
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _private(name: str) -> bool:
    # `_` alone is gettext's marker of a text to translate (app.platform.i18n), public by
    # convention.
    return name.startswith("_") and not name.startswith("__") and name != "_"


def borrowed_private_names(source: str, importer: str) -> Iterator[str]:
    """Each `module._name` that the code of `importer` takes from another module of app/:
    `from app.x import _name`, or `_name` read off an imported app module (`x._name`)."""
    tree = ast.parse(source)
    modules: dict[str, str] = {}  # local name -> the app module it is bound to
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] != "app" or node.module == importer:
                continue
            for alias in node.names:
                if _private(alias.name):
                    yield f"{node.module}.{alias.name} (line {node.lineno})"
                elif _is_module(f"{node.module}.{alias.name}"):
                    modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "app" and alias.asname:
                    modules[alias.asname] = alias.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and _private(node.attr)
            and modules[node.value.id] != importer
        ):
            yield f"{modules[node.value.id]}.{node.attr} (line {node.lineno})"


def test_no_module_takes_another_modules_private_names() -> None:
    borrowed = [
        f"{path.relative_to(ROOT)}: {name}"
        for folder in SCANNED
        for path in sorted((ROOT / folder).rglob("*.py"))
        for name in borrowed_private_names(path.read_text(encoding="utf-8"), _module_name(path))
    ]

    assert not borrowed, (
        "a private name is its module's own; make it public (and say so in its docstring) or "
        "move the code that needs it: " + "; ".join(borrowed)
    )


def test_the_scan_finds_a_borrowed_private_name() -> None:
    source = (
        "from app.play.battles.service import _hidden, shown\n"
        "from app.play.turns import service as turns\n"
        "import app.platform.db.session as session\n"
        "turns._helper()\n"
        "session._engine\n"
        "turns.public()\n"
    )

    assert sorted(borrowed_private_names(source, "app.play.battles.dates")) == [
        "app.platform.db.session._engine (line 5)",
        "app.play.battles.service._hidden (line 1)",
        "app.play.turns.service._helper (line 4)",
    ]
    # A module's own private names, dunders and names of other packages are no one's concern.
    own = "from app.play.battles.service import _hidden, __version__\nfrom os import _exit\n"
    assert list(borrowed_private_names(own, "app.play.battles.service")) == []


def test_the_import_contract_is_kept() -> None:
    """`lint-imports` (also run by scripts/test): the layers and leaves of app/ as declared."""
    lint_imports = shutil.which("lint-imports")
    assert lint_imports is not None, "import-linter is a dev dependency (uv.lock)"

    done = subprocess.run(  # noqa: S603  (our own tool, no shell)
        [lint_imports, "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False
    )

    assert done.returncode == 0, done.stdout + done.stderr
