"""One formatter fills every text (`app.rules.texts.fill`): plain `{name}` fields only, so no
template — from the catalogs, storage or a request — reads a value's attributes or items, or
pads it to any width. Nothing else in app/ formats a string from a template that is not
written in place."""

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.platform.i18n import catalog, message_ids, plural_catalog, plural_ids
from app.rules.texts import TemplateError, Text, fields, fill

APP = Path(__file__).resolve().parents[2] / "app"
# The one formatter's module: it reads templates with `string.Formatter().parse` alone.
FORMATTER = APP / "rules" / "texts.py"
# Methods that fill a template from its receiver (`str.format`, `string.Template`).
FILLING_METHODS = {"format", "format_map", "vformat", "substitute", "safe_substitute"}
FILLING_CLASSES = {"Formatter", "Template"}
# Where a `Text` is made from a template in a variable: `_()` itself, and reviving a kept text
# (by a message id of the catalogs only).
TEXT_MAKERS = ("app/rules/texts.py", "app/platform/i18n/kept.py")


def _modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(APP.rglob("*.py")):
        yield str(path.relative_to(APP.parent)), ast.parse(path.read_text(), str(path))


def _is_written_in_place(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str | bytes)


def _formatting(module: ast.Module) -> Iterator[tuple[int, str]]:
    """Each place in `module` that fills a template other than one written in place."""
    for node in ast.walk(module):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if isinstance(func, ast.Attribute) and name in FILLING_METHODS:
                yield node.lineno, f".{name}()"
            if name in FILLING_CLASSES:
                yield node.lineno, f"{name}()"
            # format(value, spec): a spec from anywhere pads and truncates at will.
            spec = node.args[1] if isinstance(func, ast.Name) and len(node.args) > 1 else None
            if name == "format" and spec is not None and not _is_written_in_place(spec):
                yield node.lineno, "format() with a spec not written in place"
        # `template % values` with a template from elsewhere (`%*d`, `%(x)3000000s`); a number's
        # modulo takes a number, never a tuple, a mapping or a string.
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            right = node.right
            if not _is_written_in_place(node.left) and (
                isinstance(right, ast.Tuple | ast.Dict | ast.JoinedStr)
                or _is_written_in_place(right)
            ):
                yield node.lineno, "% on a template not written in place"
        # f"{value:{width}}": a spec made at run time.
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            made = ast.walk(node.format_spec)
            if any(isinstance(v, ast.FormattedValue) for v in made):
                yield node.lineno, "an f-string spec made at run time"
        if isinstance(node, ast.ImportFrom) and node.module == "string":
            for alias in node.names:
                if alias.name in FILLING_CLASSES:
                    yield node.lineno, f"from string import {alias.name}"


def test_no_text_is_formatted_outside_the_one_formatter() -> None:
    found = [
        f"{where}:{line}: {what}"
        for where, module in _modules()
        for line, what in _formatting(module)
        if not (where == "app/rules/texts.py" and what == "Formatter()")
    ]
    assert not found, "use app.rules.texts.fill:\n" + "\n".join(found)


def test_the_scan_finds_every_way_to_format() -> None:
    written = """
template.format(**params)
template.format_map(params)
string.Formatter().vformat(template, (), params)
Template(template).substitute(params)
template % (a, b)
template % {"a": 1}
format(value, spec)
f"{value:{width}}"
from string import Template
"""
    # Formatter().vformat and Template().substitute twice each: the class and the method.
    assert len(list(_formatting(ast.parse(written)))) == 11
    harmless = 'turn % 2\nb"%d" % (1,)\n"%s" % name\nf"{value:>3}"\nformat(n, "032x")'
    assert not list(_formatting(ast.parse(harmless)))


def test_every_text_is_made_from_a_template_written_in_place() -> None:
    """So that every template the server writes is a message id (pybabel extracts literals
    only; tests/platform/i18n/test_i18n.py: every one is in the catalogs)."""
    found = []
    for where, module in _modules():
        for node in ast.walk(module):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id == "_" and not (node.args and _is_written_in_place(node.args[0])):
                found.append(f"{where}:{node.lineno}")
            forms = node.args[:2]
            if node.func.id == "ngettext" and not (
                len(forms) == 2 and all(_is_written_in_place(form) for form in forms)
            ):
                found.append(f"{where}:{node.lineno}")
            if node.func.id in {"Text", "Plural"} and node.args and where not in TEXT_MAKERS:
                found.append(f"{where}:{node.lineno}")
    assert not found, "a text made from a template not written in place:\n" + "\n".join(found)


def test_every_catalog_template_has_plain_fields_only() -> None:
    assert message_ids()
    assert plural_ids()
    plurals = {*plural_ids(), *plural_ids().values()}
    plurals |= {form for forms in plural_catalog("fr").values() for form in forms}
    for template in message_ids() | set(catalog("fr").values()) | plurals:
        fields(template)  # TemplateError otherwise


@pytest.mark.parametrize(
    "template",
    [
        "{what.__class__}",
        "{what.__reduce__.__globals__[__builtins__]}",
        "{what[0]}",
        "{what:>3000000}",
        "{what:{width}}",
        "{what!r}",
        "{what!s:^9}",
        "{0}",
        "{}",
        "{what",
        "what}",
    ],
)
def test_the_formatter_refuses_every_field_but_a_plain_name(template: str) -> None:
    with pytest.raises(TemplateError):
        fill(template, {"what": "x", "width": 9})
    with pytest.raises(TemplateError):
        Text(template, what="x", width=9)


def test_the_formatter_fills_plain_names_and_reads_only_a_values_string() -> None:
    class Secret:
        token = "s3cr3t"

        def __str__(self) -> str:
            return "secret"

    assert fill("{a} and {b}, {{a}}", {"a": Secret(), "b": 3}) == "secret and 3, {a}"
    assert fill("no fields", {}) == "no fields"
    assert fields("{a} {b} {a}") == {"a", "b"}
    with pytest.raises(KeyError):
        fill("{missing}", {})
