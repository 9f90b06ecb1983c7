"""Fog is decided in one place (R-FOG-3): `app/rules/visibility.py`, asked by every read model.

A guard on the code's shape, read with `ast`: outside `app/rules`, no module defines a viewer
type or a "may they see it" function of its own, nor asks the concealment draws (R-OPT-3) or a
tile's fog state directly. Each of these was once a second, diverging copy of the decision.
"""

import ast
import re
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"
RULES = APP / "rules"

# A viewer type of its own: `Viewer`, `_Viewer`, `StreamViewer`…
VIEWER_CLASS = re.compile(r"viewer", re.IGNORECASE)
# A visibility decision of its own: `may_see`, `can_see`, `sees`, `_sees_rosters`,
# `battle_seen`, `is_visible`…
DECIDING_FUNCTION = re.compile(r"(^|_)(may_see|can_see|sees?)(_|$)|_seen$|^_?is_visible")
# What only `app.rules.visibility` asks: the armies concealed from a player, and a tile's state
# (`fog.visibility`) or an event's part (`fog.as_seen_by`) for one viewer.
RULES_ONLY_MODULES = {"app.rules.concealment"}
RULES_ONLY_NAMES = {("app.rules", "concealment"), ("app.rules.fog", "visibility")}
RULES_ONLY_ATTRIBUTES = {
    ("fog", "visibility"),
    ("fog", "as_seen_by"),
    ("concealment", "hidden_from"),
}


def _offences(tree: ast.AST) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and VIEWER_CLASS.search(node.name):
            found.append((node.lineno, f"defines the viewer type {node.name}"))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and DECIDING_FUNCTION.search(
            node.name
        ):
            found.append((node.lineno, f"decides visibility in {node.name}()"))
        elif isinstance(node, ast.Import):
            found += [
                (node.lineno, f"imports {alias.name}")
                for alias in node.names
                if alias.name in RULES_ONLY_MODULES
            ]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            if node.module in RULES_ONLY_MODULES:
                found.append((node.lineno, f"imports from {node.module}"))
            found += [
                (node.lineno, f"imports {node.module}.{alias.name}")
                for alias in node.names
                if (node.module, alias.name) in RULES_ONLY_NAMES
            ]
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and (node.value.id, node.attr) in RULES_ONLY_ATTRIBUTES
        ):
            found.append((node.lineno, f"asks {node.value.id}.{node.attr}"))
    return found


def offences_in(source: str) -> list[tuple[int, str]]:
    return _offences(ast.parse(source))


def test_R_FOG_3_no_module_outside_app_rules_decides_visibility() -> None:
    offenders = [
        f"{path.relative_to(APP.parent)}:{lineno} {what}"
        for path in sorted(APP.rglob("*.py"))
        if RULES not in path.parents
        for lineno, what in offences_in(path.read_text(encoding="utf-8"))
    ]

    assert not offenders, "visibility is decided in app/rules/visibility.py only:\n" + "\n".join(
        offenders
    )


def test_the_guard_catches_each_kind_of_second_copy() -> None:
    """Not vacuous: each shape the old copies had is caught, and the names the read models keep
    (a query of visible events, a tile's stored memory) are not."""
    caught = [
        "class Viewer:\n    pass",
        "class _Viewer:\n    pass",
        "def may_see(v): ...",
        "def _sees_rosters(v, row): ...",
        "def battle_seen(v, row): ...",
        "from app.rules import concealment",
        "import app.rules.concealment",
        "from app.rules.fog import visibility",
        "x = fog.visibility(state, 1, c, sight)",
        "x = concealment.hidden_from(state, 1)",
    ]
    kept = [
        "async def visible_events(session, listener): ...",
        "def _seen_json(s): ...",
        "def visible_clause(v): ...",
        "from app.rules.fog import Visibility",
        "class Listener:\n    pass",
    ]
    assert [bool(offences_in(source)) for source in caught] == [True] * len(caught)
    assert [offences_in(source) for source in kept] == [[]] * len(kept)
