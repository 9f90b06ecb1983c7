"""The layout page (docs/contributors/layout.md) is what scripts/layout writes from the tree: a
package moved, added or described anew without running it fails here."""

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _layout_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("layout", ROOT / "scripts" / "layout.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


layout = _layout_script()


def test_the_layout_page_is_what_the_tree_says() -> None:
    committed = (ROOT / "docs" / "contributors" / "layout.md").read_text(encoding="utf-8")
    assert committed == layout.page(), "run scripts/layout and commit docs/contributors/layout.md"


def test_every_wing_of_app_is_on_the_page_and_in_the_layers_contract() -> None:
    wings = sorted(p.name for p in (ROOT / "app").iterdir() if (p / "__init__.py").exists())
    assert wings == sorted(layout.WINGS)
    contract = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for wing in wings:
        assert f'"app.{wing}"' in contract, f"app.{wing} is not a layer of lint-imports"
