"""Write the OpenAPI contract: `python -m app.openapi` (or `scripts/openapi`)."""

import json
import sys
from pathlib import Path
from typing import Any

from app.platform.config import Settings

OPENAPI_PATH = Path(__file__).resolve().parents[1] / "openapi" / "openapi.json"


def render_openapi() -> str:
    """The OpenAPI document as committed: sorted keys, 2-space indent, trailing newline."""
    from app.main import create_app  # keeps `import app.openapi` light

    # A dummy URL: building the document never connects, and must not start a database.
    schema: dict[str, Any] = create_app(
        Settings(database_url="postgresql+asyncpg://openapi@localhost/openapi")
    ).openapi()
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main() -> None:
    """Regenerate `openapi/openapi.json`."""
    OPENAPI_PATH.parent.mkdir(exist_ok=True)
    OPENAPI_PATH.write_text(render_openapi(), encoding="utf-8")
    sys.stdout.write(f"wrote {OPENAPI_PATH}\n")


if __name__ == "__main__":
    main()
