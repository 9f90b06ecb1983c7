"""Every rule id of the rulebook is cited by at least one test, by its name or its docstring.

The list of ids is the spec's (`../shared/RULES.md`, beside the repository, also in CI) when
it is there, else the anchors of the players' rulebook (docs/rules.md); a test cites
`R-MOVE-1` as `test_R_MOVE_1_…` or by writing the id in its docstring (or its class's or
module's docstring). Comments do not count.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT.parent / "shared" / "RULES.md"
RULEBOOK = ROOT / "docs" / "rules.md"
RULE = re.compile(r"R-[A-Z]+-[0-9]+")
NAMED = re.compile(r"R_([A-Z]+)_([0-9]+)")

# The War Orders options of the spec that the server does not implement yet (docs/rules.md
# says so): no test can play them. Whoever implements one cites it in its tests and drops it here.
NOT_YET_IMPLEMENTED: frozenset[str] = frozenset()


def rule_ids() -> set[str]:
    if SPEC.exists():
        return set(RULE.findall(SPEC.read_text(encoding="utf-8")))
    return set(re.findall(r'<a id="(R-[A-Z]+-[0-9]+)"></a>', RULEBOOK.read_text("utf-8")))


def cited_in(tree: ast.Module) -> set[str]:
    """Ids named by a test's name, or by a test's, test class's or the module's docstring."""
    cited = set(RULE.findall(ast.get_docstring(tree) or ""))
    for node in ast.walk(tree):
        kinds = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
        if isinstance(node, kinds) and node.name.startswith(("test", "Test")):
            cited |= {f"R-{m[0]}-{m[1]}" for m in NAMED.findall(node.name)}
            cited |= set(RULE.findall(ast.get_docstring(node) or ""))
    return cited


def cited_ids() -> set[str]:
    cited: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        cited |= cited_in(ast.parse(path.read_text(encoding="utf-8")))
    return cited


def test_the_list_of_rule_ids_is_read() -> None:
    assert {"R-MOVE-1", "R-TURN-1", "R-OPT-5"} <= rule_ids()


def test_names_and_docstrings_cite_comments_and_helpers_do_not() -> None:
    source = (
        '"""Module: R-ECO-2."""\n'
        "def test_R_MOVE_1_paths():\n"
        '    """Also R-SEA-2."""\n'
        "    # R-BAT-1 only in a comment\n"
        "def helper_R_BAT_2():\n"
        '    """R-BAT-3."""\n'
    )
    assert cited_in(ast.parse(source)) == {"R-ECO-2", "R-MOVE-1", "R-SEA-2"}


def test_every_rule_id_is_cited_by_a_test() -> None:
    missing = sorted(rule_ids() - cited_ids() - NOT_YET_IMPLEMENTED)

    assert missing == [], f"rule ids no test cites by name or docstring: {missing}"
