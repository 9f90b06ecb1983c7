"""Generate the typed Python client `clients/python` (package `marchlords_client`) from the
committed contract `openapi/openapi.json` with openapi-python-client: `python scripts/client.py`
(scripts/openapi runs it after writing the contract).

The client is generated into a fresh temporary directory, formatted by ruff (the generator's
post hooks, `clients/openapi-python-client.yml`), then replaces `clients/python` whole, so the
result depends on the contract, the pinned generator and the templates in `clients/templates`
only (they override the generator's own: `pyproject_uv.toml.jinja` for the package's metadata,
`README.md.jinja` for its README). `--check` writes nothing and exits
1 when the committed client differs from a fresh one.
"""

import filecmp
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OPENAPI_PATH = ROOT / "openapi" / "openapi.json"
CLIENTS = ROOT / "clients"
CLIENT_DIR = CLIENTS / "python"
CONFIG = CLIENTS / "openapi-python-client.yml"
TEMPLATES = CLIENTS / "templates"
# Left by tools next to the committed files, never part of the client.
IGNORED = {"__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}


def generate(out_dir: Path) -> None:
    """Write the client generated from the committed contract to `out_dir` (must not exist)."""
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    result = subprocess.run(  # noqa: S603 (fixed arguments: the venv's generator)
        [
            str(bin_dir / "openapi-python-client"),
            "generate",
            "--path",
            str(OPENAPI_PATH),
            "--config",
            str(CONFIG),
            "--custom-template-path",
            str(TEMPLATES),
            "--meta",
            "uv",
            "--output-path",
            str(out_dir),
            "--fail-on-warning",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0 or not (out_dir / "marchlords_client").is_dir():
        raise RuntimeError(f"openapi-python-client failed:\n{result.stdout}\n{result.stderr}")


def differences(left: Path, right: Path) -> list[str]:
    """Relative paths that differ between two trees (missing on one side, or other content)."""
    found: list[str] = []

    def walk(cmp: filecmp.dircmp[str], prefix: str) -> None:
        for name in cmp.left_only + cmp.right_only + cmp.funny_files:
            if name not in IGNORED:
                found.append(prefix + name)
        _, mismatch, errors = filecmp.cmpfiles(cmp.left, cmp.right, cmp.common_files, shallow=False)
        found.extend(prefix + name for name in mismatch + errors)
        for name, sub in sorted(cmp.subdirs.items()):
            if name not in IGNORED:
                walk(sub, f"{prefix}{name}/")

    walk(filecmp.dircmp(left, right, ignore=sorted(IGNORED)), "")
    return sorted(found)


def main(argv: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "python"
        generate(fresh)
        if "--check" in argv:
            stale = differences(CLIENT_DIR, fresh) if CLIENT_DIR.exists() else ["(missing)"]
            for path in stale:
                sys.stdout.write(f"stale: clients/python/{path}\n")
            return 1 if stale else 0
        shutil.rmtree(CLIENT_DIR, ignore_errors=True)
        shutil.copytree(fresh, CLIENT_DIR, ignore=shutil.ignore_patterns(*IGNORED))
    sys.stdout.write(f"wrote {CLIENT_DIR}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
