"""docs/rules.md, the errors page's code list and the configuration table are rendered from
the code, and stay so.

The tables of the players' rulebook come from `default_ruleset()`, the errors page's list of
error codes from `app.platform.errors.ERROR_CODES` and the configuration page's table from
`app.platform.config.Settings` (`scripts/rulebook`); the codes the app raises are collected from its
source and must be that registry, and every rule id it names has an anchor in the rulebook.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from pydantic.fields import FieldInfo

from app.openapi import render_openapi
from app.platform.config import Settings
from app.platform.errors import ERROR_CODES, RULE_ID
from app.play.maps.schemas import MAP_LAYOUT
from app.rules.hexgrid import Grid, Wrap, axial_distance, to_offset
from app.rules.ruleset import Ruleset, default_ruleset
from app.shell.rule_refs import OPERATION_RULES, rules_line
from tests.factories.rulebook import rulebook

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT.parent / "shared" / "RULES.md"  # the spec, beside the repository (CI too)


def anchors(text: str) -> set[str]:
    return set(re.findall(r'<a id="(R-[A-Z]+(?:-[0-9]+)?)"></a>', text))


def test_rulebook_tables_are_rendered_from_the_default_ruleset() -> None:
    committed = rulebook.RULEBOOK_PATH.read_text(encoding="utf-8")

    assert sorted(rulebook.block_names(committed)) == sorted(rulebook.RULEBOOK_BLOCKS)
    assert rulebook.render_rulebook(committed) == committed, (
        "docs/rules.md is stale: run `scripts/rulebook` and commit the result"
    )


def test_a_changed_ruleset_changes_the_rendered_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    committed = rulebook.RULEBOOK_PATH.read_text(encoding="utf-8")
    default = default_ruleset()
    cheaper = replace(default, costs=replace(default.costs, found_city=7))

    def variant() -> Ruleset:
        return cheaper

    monkeypatch.setattr(rulebook, "default_ruleset", variant)

    rendered = rulebook.render_rulebook(committed)
    assert rendered != committed
    assert "| found a city (level 1) | 7 |" in rendered


def test_errors_page_lists_every_error_code() -> None:
    page = rulebook.ERRORS_PATH.read_text(encoding="utf-8")

    assert rulebook.block_names(page) == ["codes"]
    assert rulebook.render_errors(page) == page, (
        "docs/clients/errors.md's code list is stale: run `scripts/rulebook` and commit the result"
    )


def test_configuration_page_lists_every_setting() -> None:
    page = rulebook.CONFIGURATION_PATH.read_text(encoding="utf-8")

    assert rulebook.block_names(page) == ["settings"]
    assert rulebook.render_configuration(page) == page, (
        "docs/operators/configuration.md's settings are stale: run `scripts/rulebook` and commit"
    )
    for name, field in Settings.model_fields.items():
        variable = field.validation_alias or f"MARCHLORDS_{name.upper()}"
        assert f"| `{variable}` |" in page


def test_a_changed_setting_changes_the_configuration_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = rulebook.CONFIGURATION_PATH.read_text(encoding="utf-8")
    fields = dict(Settings.model_fields)
    fields["write_burst"] = FieldInfo.merge_field_infos(
        fields["write_burst"], default=45, description="Writes at once."
    )
    monkeypatch.setattr(Settings, "__pydantic_fields__", fields)

    rendered = rulebook.render_configuration(page)
    assert rendered != page
    assert "| `MARCHLORDS_WRITE_BURST` | `45` | ≥ 1 | Writes at once. |" in rendered


def test_a_setting_without_a_description_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    fields = dict(Settings.model_fields)
    fields["write_burst"] = FieldInfo.merge_field_infos(fields["write_burst"], description=None)
    monkeypatch.setattr(Settings, "__pydantic_fields__", fields)

    with pytest.raises(ValueError, match="write_burst"):
        rulebook.settings()


# ------------------------------------------------------------- codes raised by the app


def _module_constants(trees: list[ast.Module]) -> dict[str, list[str]]:
    """Module-level `NAME = "text"` and `NAME = {...: "text"}` of every module of app/."""
    found: dict[str, list[str]] = {}
    for tree in trees:
        for node in tree.body:
            target = node.targets[0] if isinstance(node, ast.Assign) else None
            if isinstance(node, ast.AnnAssign):
                target = node.target
            value = getattr(node, "value", None)
            if not isinstance(target, ast.Name) or value is None:
                continue
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.setdefault(target.id, []).append(value.value)
            elif isinstance(value, ast.Dict):
                texts = [v.value for v in value.values if isinstance(v, ast.Constant)]
                found.setdefault(target.id, []).extend(t for t in texts if isinstance(t, str))
    return found


def _texts(expr: ast.AST, constants: dict[str, list[str]]) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(expr):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.add(node.value)
        elif isinstance(node, ast.Name):
            out.update(constants.get(node.id, []))
    return out


def raised_codes() -> set[str]:
    """Every `code` the app can answer, as written in its source.

    `code=` arguments, `code = …` assignments (class attributes included) and the rule id of
    `RuleViolation(…)` / `Violation(…)`, with names resolved to the module constants they
    stand for.
    """
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in (ROOT / "app").rglob("*.py")]
    constants = _module_constants(trees)
    codes: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "code":
                codes |= _texts(node.value, constants)
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                named = any(isinstance(t, ast.Name) and t.id == "code" for t in targets)
                value = node.value
                field = isinstance(value, ast.Call) and getattr(value.func, "id", "") == "Field"
                if named and node.value is not None and not field:
                    codes |= _texts(node.value, constants)
            elif isinstance(node, ast.Call) and node.args:
                callee = node.func.id if isinstance(node.func, ast.Name) else ""
                first = node.args[0]
                if callee in ("RuleViolation", "Violation") and isinstance(first, ast.Constant):
                    codes.add(str(first.value))
    return codes


def test_the_code_registry_is_what_the_app_raises() -> None:
    snake = {code for code in raised_codes() if not RULE_ID.fullmatch(code)}

    assert snake == set(ERROR_CODES), (
        "app/platform/errors/classes.py ERROR_CODES and the codes raised in app/ differ: "
        f"unregistered {sorted(snake - set(ERROR_CODES))}, "
        f"never raised {sorted(set(ERROR_CODES) - snake)}"
    )


def test_every_rule_id_the_app_answers_has_an_anchor_in_the_rulebook() -> None:
    rules_text = rulebook.RULEBOOK_PATH.read_text(encoding="utf-8")
    named = set()
    for path in (ROOT / "app").rglob("*.py"):
        named |= set(RULE_ID.findall(path.read_text(encoding="utf-8")))

    assert named, "the scan found no rule id at all"
    assert named <= anchors(rules_text), sorted(named - anchors(rules_text))


def test_the_rule_id_registry_is_the_rulebooks_anchors() -> None:
    """app/rules/rule_ids.py (the contract's `ProblemCode` rule ids) names every anchor, no
    other."""
    from app.rules.rule_ids import RULE_IDS

    rules_text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert sorted(RULE_IDS) == sorted(anchors(rules_text)), "update app/rules/rule_ids.py"
    assert len(set(RULE_IDS)) == len(RULE_IDS)


@pytest.mark.skipif(not SPEC.exists(), reason="the spec ../shared/RULES.md is not beside the repo")
def test_every_rule_id_of_the_spec_has_an_anchor_in_the_rulebook() -> None:
    spec_ids = set(RULE_ID.findall(SPEC.read_text(encoding="utf-8")))
    rules_text = rulebook.RULEBOOK_PATH.read_text(encoding="utf-8")

    assert spec_ids - anchors(rules_text) == set()


def test_the_documented_map_layout_is_the_engines() -> None:
    """What MAP_LAYOUT (the map schemas' description, the README) says of rows, neighbours,
    distance and wrap is what app/rules/hexgrid.py does."""
    width, height = 6, 4
    grid = Grid(width, height, Wrap.TORUS)
    rows: dict[int, list[int]] = {}
    for q, r in grid.coords():
        rows.setdefault(r, []).append(q)
    assert "row `r` holds `q` from `-floor(r/2)` to `width - 1 - floor(r/2)`" in MAP_LAYOUT
    assert rows == {r: list(range(-(r // 2), width - r // 2)) for r in range(height)}
    assert "`(q+1, r)`, `(q+1, r-1)`, `(q, r-1)`, `(q-1, r)`, `(q-1, r+1)`, `(q, r+1)`" in (
        MAP_LAYOUT
    )
    assert Grid(width, height).neighbours((2, 1)) == [
        (3, 1),
        (3, 0),
        (2, 0),
        (1, 1),
        (1, 2),
        (2, 2),
    ]
    assert axial_distance((0, 0), (2, -3)) == (2 + 3 + 1) // 2
    # horizontal: column `width` of a row is its column 0.
    assert Grid(width, height).normalize((width, 0)) is None
    assert Grid(width, height, Wrap.HORIZONTAL).normalize((width, 0)) == (0, 0)
    # torus: the row below the last is row 0 with the column kept, q shifted by height / 2.
    below_last = (0, height)
    assert grid.normalize(below_last) == (height // 2, 0)
    assert to_offset(below_last)[0] == to_offset((height // 2, 0))[0]


def test_operations_name_the_rules_they_enforce() -> None:
    """Every operation of OPERATION_RULES exists, its ids are rulebook anchors, and its OpenAPI
    description ends with its "Rules (docs/rules.md): …" line."""
    schema = json.loads(render_openapi())
    operations = {
        o["operationId"]: o for methods in schema["paths"].values() for o in methods.values()
    }
    rules_text = rulebook.RULEBOOK_PATH.read_text(encoding="utf-8")

    assert set(OPERATION_RULES) <= set(operations)
    for operation_id, rules in OPERATION_RULES.items():
        assert set(rules) <= anchors(rules_text), operation_id
        assert operations[operation_id]["description"].endswith(rules_line(rules))
    build = operations["orders-order-build"]["description"]
    assert "Rules (docs/rules.md): R-BUILD-1, R-BUILD-3, R-BUILD-4, R-BUILD-5" in build
