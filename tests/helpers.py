"""Assertions shared by API tests (`from tests.helpers import assert_problem`); the flows that
set games up are in tests/factories/flows.py."""

import functools
import json
from typing import Any

from httpx import Response
from jsonschema import Draft202012Validator

from app.openapi import OPENAPI_PATH


def assert_problem(response: Response, status: int, code: str) -> dict[str, Any]:
    """Assert an RFC 9457 problem response with this status and code; return its body."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body: dict[str, Any] = response.json()
    assert body["status"] == status
    assert body["code"] == code
    assert body["type"] == f"urn:marchlords:problem:{code}"
    assert body["title"]
    assert body["detail"]
    assert_problem_in_contract(body)
    return body


@functools.cache
def _problem_validators() -> tuple[Draft202012Validator, Draft202012Validator]:
    """Validators of the committed contract's `Problem` and 422 `UnprocessableProblem`."""
    document = json.loads(OPENAPI_PATH.read_text(encoding="utf-8"))
    components = {"components": document["components"]}  # what the `$ref`s point into

    def validator(name: str) -> Draft202012Validator:
        return Draft202012Validator({"$ref": f"#/components/schemas/{name}", **components})

    return validator("Problem"), validator("UnprocessableProblem")


def assert_problem_in_contract(body: dict[str, Any]) -> None:
    """The problem is what the contract says: its `code` one of `ProblemCode` (or a 422's
    `validation_error`, with `errors`), `violations` typed, as a generated client parses it."""
    problem, unprocessable = _problem_validators()
    checked = unprocessable if body.get("status") == 422 else problem
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in checked.iter_errors(body)]
    assert errors == [], (body, errors)
