# Shared bootstrap for scripts/serve, scripts/test and scripts/openapi (sourced, not executed).
# Creates .venv with Python >= 3.11 and (re)installs the project only when pyproject.toml changed,
# so day-to-day runs start in a second instead of re-resolving dependencies.
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

_bootstrap_venv() {
    local want have=""
    if [ ! -x "$VENV/bin/python" ]; then
        echo "==> creating virtualenv in .venv" >&2
        "$(_find_python)" -m venv "$VENV"
    fi
    want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
    [ -f "$VENV/.pyproject.sha256" ] && have="$(cat "$VENV/.pyproject.sha256")"
    if [ "$want" != "$have" ]; then
        echo "==> installing dependencies (pyproject.toml changed)" >&2
        "$VENV/bin/python" -m pip install --quiet --upgrade pip >&2
        "$VENV/bin/python" -m pip install --quiet -e ".[dev]" >&2
        echo "$want" >"$VENV/.pyproject.sha256"
    fi
}

_bootstrap_venv
export PATH="$VENV/bin:$PATH"
export VIRTUAL_ENV="$VENV"
