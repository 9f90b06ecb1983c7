"""The committed Python client (clients/python) is what scripts/openapi generates from the
committed contract: a stale client fails here (regenerated to a temporary directory and compared
file by file)."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _load_client_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("client_script", ROOT / "scripts" / "client.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("client_script", module)
    spec.loader.exec_module(module)
    return module


client_script = _load_client_script()


def test_committed_client_is_generated_from_the_committed_contract(tmp_path: Path) -> None:
    fresh = tmp_path / "python"
    client_script.generate(fresh)

    stale = client_script.differences(client_script.CLIENT_DIR, fresh)

    assert stale == [], f"clients/python is stale ({stale[:10]}): run `scripts/openapi`, commit it"


def test_differences_sees_a_changed_a_missing_and_an_extra_file(tmp_path: Path) -> None:
    left, right = tmp_path / "left", tmp_path / "right"
    for tree in (left, right):
        (tree / "pkg" / "__pycache__").mkdir(parents=True)
        (tree / "pkg" / "same.py").write_text("x = 1\n")
    (left / "pkg" / "changed.py").write_text("x = 1\n")
    (right / "pkg" / "changed.py").write_text("x = 2\n")
    (left / "pkg" / "gone.py").write_text("")
    (right / "extra.py").write_text("")
    (right / "pkg" / "__pycache__" / "ignored.pyc").write_text("")

    assert client_script.differences(left, right) == ["extra.py", "pkg/changed.py", "pkg/gone.py"]
