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


def test_problem_codes_are_the_registered_codes_and_the_rule_ids() -> None:
    from app.platform.errors import ERROR_CODES
    from app.rules.rule_ids import RULE_IDS

    schemas = json.loads(render_openapi())["components"]["schemas"]
    assert set(schemas["ProblemCode"]["enum"]) == (set(ERROR_CODES) - {"validation_error"}) | set(
        RULE_IDS
    )
    assert schemas["Problem"]["properties"]["code"]["$ref"] == "#/components/schemas/ProblemCode"
    assert schemas["ValidationProblem"]["properties"]["code"]["const"] == "validation_error"
    violations = schemas["Problem"]["properties"]["violations"]["anyOf"][0]
    assert violations["items"] == {"$ref": "#/components/schemas/RuleViolationItem"}


def test_a_422_is_a_union_discriminated_on_code() -> None:
    schema = json.loads(render_openapi())
    unprocessable = schema["components"]["schemas"]["UnprocessableProblem"]
    mapping = unprocessable["discriminator"]["mapping"]
    assert unprocessable["discriminator"]["propertyName"] == "code"
    assert mapping.pop("validation_error") == "#/components/schemas/ValidationProblem"
    assert set(mapping.values()) == {"#/components/schemas/Problem"}
    assert set(mapping) == set(schema["components"]["schemas"]["ProblemCode"]["enum"])
    for methods in schema["paths"].values():
        for operation in methods.values():
            if "422" in operation["responses"]:
                content = operation["responses"]["422"]["content"]["application/problem+json"]
                assert content["schema"] == {"$ref": "#/components/schemas/UnprocessableProblem"}


def test_every_rate_limited_operation_declares_429_and_the_ratelimit_headers() -> None:
    """A rate-limited operation (app.shell.limits.routes) has a 429 with `Retry-After`, its other
    answers declare the `RateLimit-*` headers and its description says so; a conditional
    read's says how a 304 reaches a client."""
    schema = json.loads(render_openapi())
    limited = 0
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            responses = operation["responses"]
            if "304" in responses:
                assert "Conditional read" in operation["description"], (path, method)
            if "429" not in responses:
                continue
            limited += 1
            assert "Retry-After" in responses["429"]["headers"]
            for status, response in responses.items():
                headers = response.get("headers", {})
                assert {"RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"} <= set(
                    headers
                ), (path, method, status)
            assert "Rate limited" in operation["description"], (path, method)
    assert limited > 50


def test_request_schemas_offer_no_value_the_server_refuses() -> None:
    """A house rule's `kind` (and the other fields a change may not clear) is never null; quiet
    hours are wall-clock times without an offset (JSON Schema's `time` needs one)."""
    from jsonschema import Draft202012Validator

    schemas = json.loads(render_openapi())["components"]["schemas"]
    update = schemas["HouseRuleUpdate"]["properties"]
    for name in ("section", "kind", "text", "position"):
        assert "null" not in json.dumps(update[name]), name
    quiet = {"$ref": "#/components/schemas/NotificationPreferences"}
    validator = Draft202012Validator({**quiet, "components": {"schemas": schemas}})
    assert validator.is_valid({"quiet_start": "22:00", "quiet_end": "07:30:00"})
    for refused in ("00:00:00Z", "22:00+01:00", "24:00", "7:30"):
        assert not validator.is_valid({"quiet_start": refused}), refused


def test_no_string_of_the_contract_admits_a_nul_character() -> None:
    """PostgreSQL refuses NUL in text (422 `invalid_value`): every string schema either has a
    pattern (the no-NUL one when nothing else constrains it), a format, an enum or a const."""
    import re

    from app.shell.contract import NO_NUL_PATTERN

    schema = json.loads(render_openapi())
    invite_code = schema["components"]["schemas"]["JoinRequest"]["properties"]["invite_code"]
    assert invite_code["pattern"] == NO_NUL_PATTERN
    assert re.search(NO_NUL_PATTERN, "my\x00token") is None
    assert re.search(NO_NUL_PATTERN, "my token") is not None
    free: list[str] = []

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            keywords = ("pattern", "format", "enum", "const", "contentMediaType")
            if node.get("type") == "string" and not any(k in node for k in keywords):
                free.append(where)
            for key, value in node.items():
                if key not in ("examples", "example", "default", "discriminator"):
                    walk(value, f"{where}/{key}")
        elif isinstance(node, list):
            for index, item in enumerate(node):
                walk(item, f"{where}/{index}")

    from app.platform.errors import problem_schemas

    problems = set(problem_schemas())  # they name the refused fields as sent, NUL and all
    for name, component in schema["components"]["schemas"].items():
        if name not in problems:
            walk(component, f"#/components/schemas/{name}")
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            for parameter in operation.get("parameters", ()):
                walk(parameter["schema"], f"{path} {method} {parameter['name']}")
    assert free == []
