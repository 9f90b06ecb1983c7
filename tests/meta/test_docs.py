"""The README stays a landing page whose commands are the ones CI runs, and its links resolve.

The documentation site itself (docs/, mkdocs.yml) is built by `scripts/test` with
`mkdocs build --strict`, which fails on a broken link or anchor and on a page left out of the
navigation; the README lives outside the site, so its links are checked here.
"""

from __future__ import annotations

import importlib.util
import re
import shlex
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
MAX_README_LINES = 200


def _quick_start_commands() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.partition("\n## Quick start\n")[2].partition("\n## ")[0]
    block = re.search(r"```bash\n(.*?)```", section, re.S)
    assert block, "the README's quick start has a bash block"
    return [line.split("#")[0].strip() for line in block[1].splitlines() if line.strip()]


def test_the_readme_is_a_landing_page() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()

    assert len(lines) <= MAX_README_LINES, "move the details to a page of docs/"


def test_the_readme_quick_start_is_serve_then_test() -> None:
    assert _quick_start_commands() == ["scripts/serve", "scripts/test"]


def test_ci_runs_the_readme_test_command() -> None:
    test_command = _quick_start_commands()[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()

    assert ci[-1] == f"exec {test_command}"


def test_the_test_command_builds_the_site_strictly() -> None:
    script = (ROOT / "scripts" / "test").read_text(encoding="utf-8")
    commands = [
        shlex.split(line, comments=True) for line in script.replace("\\\n", " ").splitlines()
    ]
    builds = [c for c in commands if "mkdocs" in c and "build" in c]

    assert builds, "scripts/test runs `mkdocs build`"
    assert "--strict" in builds[0]


def test_the_readme_links_resolve() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\((?!https?://)([^)#\s]+)(?:#[^)]*)?\)", text)

    assert targets
    missing = [t for t in targets if not (ROOT / t).exists()]
    assert not missing, f"README links to missing files: {missing}"


def _load_mutation() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation", ROOT / "scripts" / "mutation.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("mutation", module)
    spec.loader.exec_module(module)
    return module


def test_mutation_survivors_go_to_an_ignored_report_not_the_guide() -> None:
    mutation = _load_mutation()
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    report = mutation.REPORT.relative_to(ROOT)
    guide = mutation.DOC.read_text(encoding="utf-8")

    assert f"{report.parts[0]}/" in ignored
    assert "## Surviving mutants" not in guide
    assert mutation.report([], 100.0, 1.0, None, 0).startswith("# Surviving mutants\n")
    # The guide still lists the equivalent mutants the score leaves out.
    assert len(mutation.equivalents()) >= 1
