"""The committed OpenAPI contract matches the app."""

import json

from app.openapi import OPENAPI_PATH, render_openapi


def test_committed_openapi_is_up_to_date() -> None:
    committed = OPENAPI_PATH.read_text(encoding="utf-8") if OPENAPI_PATH.exists() else ""

    assert committed == render_openapi(), (
        "openapi/openapi.json is stale: run `scripts/openapi` and commit the result"
    )


def test_operations_have_clean_ids_and_summaries() -> None:

    schema = json.loads(render_openapi())
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            tag = operation["tags"][0]
            assert operation["operationId"].startswith(f"{tag}-"), (path, method)
            assert "_" not in operation["operationId"], (path, method)
            assert operation.get("summary") or operation.get("description"), (path, method)


def test_error_responses_are_documented_as_problems() -> None:

    schema = json.loads(render_openapi())
    me = schema["paths"]["/v1/users/me"]["get"]["responses"]
    assert "application/problem+json" in me["401"]["content"]
    assert "Problem" in schema["components"]["schemas"]
    assert "ValidationProblem" in schema["components"]["schemas"]
