"""Every problem text in app/ is marked for translation: a refused order's reason is a `_()`
text, and no error is raised (or problem answered) with a bare string literal or f-string."""

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[3] / "app"

# The error classes of app.platform.errors; their subclasses elsewhere in app/ are found by the
# scan.
BASE_ERRORS = {
    "AppError",
    "Conflict",
    "Forbidden",
    "NotFound",
    "RuleViolation",
    "ServiceUnavailable",
    "Unauthorized",
}
# Where a call takes its text positionally (`RuleViolation(code, detail)`); else the first.
DETAIL_POSITION = {"RuleViolation": 1, "Violation": 1}
TEXT_KEYWORDS = {"detail", "title", "message"}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _is_marked(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and _name(node.func) == "_"


def _is_literal(node: ast.expr) -> bool:
    """A text written in place: a string, an f-string, or a sum of them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_literal(node.left) or _is_literal(node.right)
    return False


def error_classes(trees: list[ast.Module]) -> set[str]:
    """The base error classes and every class of `trees` that derives from one of them."""
    found = set(BASE_ERRORS)
    classes = [n for tree in trees for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    grew = True
    while grew:
        grew = False
        for cls in classes:
            if cls.name not in found and any(_name(b) in found for b in cls.bases):
                found.add(cls.name)
                grew = True
    return found


def _texts(call: ast.Call, position: int) -> Iterator[ast.expr]:
    """The arguments of `call` that are player-facing texts."""
    positional = [a for a in call.args if not isinstance(a, ast.Starred)]
    if len(positional) > position:
        yield positional[position]
    yield from (k.value for k in call.keywords if k.arg in TEXT_KEYWORDS)


def unmarked_texts(tree: ast.Module, errors: set[str], where: str) -> list[str]:
    """Every problem text of `tree` that is not a `_()` text, as `where:line: what`."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            called = _name(node.func)
            if called == "Violation":
                message = next(_texts(node, DETAIL_POSITION["Violation"]), None)
                if message is not None and not _is_marked(message):
                    found.append(f"{where}:{node.lineno}: Violation message not a _() text")
            elif called in errors or called in {"problem_response", "Refusal"}:
                position = DETAIL_POSITION.get(called, 0) if called in errors else 1 << 30
                found += [
                    f"{where}:{text.lineno}: {called}() with a text literal"
                    for text in _texts(node, position)
                    if _is_literal(text)
                ]
        elif isinstance(node, ast.ClassDef) and node.name in errors:
            for statement in node.body:
                targets = (
                    statement.targets
                    if isinstance(statement, ast.Assign)
                    else [statement.target]
                    if isinstance(statement, ast.AnnAssign)
                    else []
                )
                value = getattr(statement, "value", None)
                titled = any(_name(t) == "title" for t in targets)
                if titled and value is not None and _is_literal(value):
                    found.append(f"{where}:{statement.lineno}: {node.name}.title literal")
    return found


def _app_trees() -> dict[str, ast.Module]:
    return {
        str(path.relative_to(APP.parent)): ast.parse(path.read_text(), str(path))
        for path in sorted(APP.rglob("*.py"))
    }


def test_every_problem_text_in_app_is_marked() -> None:
    trees = _app_trees()
    errors = error_classes(list(trees.values()))
    found = [line for where, tree in trees.items() for line in unmarked_texts(tree, errors, where)]
    assert not found, "problem texts not marked with _():\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        'Violation("R-MOVE-1", "Too far.")',
        'Violation("R-MOVE-1", f"Too far: {n}.")',
        'Violation("R-MOVE-1", message=reason)',
        'raise NotFound("Army not found.")',
        'raise RuleViolation("R-BUILD-5", f"Costs {cost}.")',
        'raise Conflict("Too large: " + ", ".join(over), code="x")',
        'raise Forbidden(_("Marked."), title="Unmarked title")',
        'class Teapot(Conflict):\n    title = "I am a teapot"\nraise Teapot(f"{x}")',
        'problem_response(request, status=500, code="x", detail="Broken.")',
        'Refusal(code="R-CAMP-1", status=409, detail="Full.")',
    ],
)
def test_the_guard_finds_an_unmarked_text(source: str) -> None:
    tree = ast.parse(source)
    assert unmarked_texts(tree, error_classes([tree]), "sample"), source


@pytest.mark.parametrize(
    "source",
    [
        'Violation("R-MOVE-1", _("Too far: {n}.", n=n))',
        "raise NotFound(_GONE)",
        "raise RuleViolation(first.rule, first.message)",
        'raise Conflict(_("Too large: {lists}.", lists=", ".join(over)), code="x")',
        'problem_response(request, status=422, code="x", title=_("Invalid"), detail=detail)',
        'raise KeyError("not a problem")',
    ],
)
def test_the_guard_lets_marked_texts_pass(source: str) -> None:
    tree = ast.parse(source)
    assert not unmarked_texts(tree, error_classes([tree]), "sample"), source
