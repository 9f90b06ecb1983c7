"""`scripts/rulebook` loaded as a module (it is a script, not a package): the rulebook tests
read its renderers and paths."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _load_rulebook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulebook", ROOT / "scripts" / "rulebook.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("rulebook", module)
    spec.loader.exec_module(module)
    return module


rulebook = _load_rulebook()
