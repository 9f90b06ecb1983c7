"""The problems in the OpenAPI contract: their models, the routers' default error responses,
and the components' schemas (`ProblemCode`, `UnprocessableProblem`)."""

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from app.platform.errors.classes import ERROR_CODES, RULE_ID

PROBLEM_MEDIA_TYPE = "application/problem+json"


class RuleViolationItem(BaseModel):
    """One thing the rule refused: a rule the order broke (`rule`), or a place in a submitted
    document (a map, a ruleset variant, a campaign import) that breaks it (`path`)."""

    rule: str | None = Field(
        default=None,
        description="The rule the order broke (`docs/rules.md#…`); refused orders.",
        examples=["R-BUILD-5"],
        pattern=f"^{RULE_ID.pattern}$",
    )
    path: str | None = Field(
        default=None,
        description="Where in the submitted document (`movement.sight`, `tiles[3].terrain`); "
        "refused documents.",
        examples=["movement.sight"],
    )
    message: str = Field(description="What is wrong, for players.")


class Problem(BaseModel):
    """RFC 9457 problem details, as returned by every error response."""

    model_config = ConfigDict(extra="allow")

    type: str = Field(examples=["urn:marchlords:problem:not_found"])
    title: str = Field(examples=["Not found"])
    status: int = Field(examples=[404])
    detail: str = Field(examples=["Token not found."])
    code: str = Field(
        description="Stable machine-readable code: a registered snake_case error code or a "
        "rule id (`ProblemCode`).",
        examples=["not_found", "R-BUILD-5"],
    )
    instance: str | None = Field(default=None, description="Path of the failed request.")
    help: str | None = Field(
        default=None,
        description="For a rule id `code`: where the players' rulebook, served by this server, "
        "explains the rule, in the problem's language (`/rules#R-…`, `/rules/fr#R-…` in "
        "French): an absolute path, resolved against the server's origin.",
        examples=["/rules#R-BUILD-5"],
    )
    violations: list[RuleViolationItem] | None = Field(
        default=None,
        description="For a rule id `code`: everything the rule refused, each with the `rule` "
        "broken (an order) or the `path` of the fault (a document); may be absent.",
    )


class ValidationErrorItem(BaseModel):
    """One invalid input; the offending value itself is never echoed back."""

    loc: list[str | int]
    msg: str
    type: str


class ValidationProblem(Problem):
    """422 problem for malformed requests, listing every invalid field."""

    errors: list[ValidationErrorItem]


# The code of every `ValidationProblem`, and of no other problem: what tells the two apart.
VALIDATION_ERROR = "validation_error"


def problem_codes() -> list[str]:
    """Every `code` a `Problem` may carry (`ProblemCode`): the registered codes but
    `validation_error` (a `ValidationProblem`'s), then the rulebook's rule ids."""
    from app.rules.rule_ids import RULE_IDS  # a long constant, loaded for the contract only

    return [code for code in sorted(ERROR_CODES) if code != VALIDATION_ERROR] + list(RULE_IDS)


def _problem_content(schema: str, description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {PROBLEM_MEDIA_TYPE: {"schema": {"$ref": f"#/components/schemas/{schema}"}}},
    }


# The `Retry-After` header of every 503, as documented in the OpenAPI responses.
RETRY_AFTER_HEADER: dict[str, Any] = {
    "description": "Seconds to wait before retrying.",
    "schema": {"type": "integer"},
}

# Default error responses for routers: `APIRouter(responses=PROBLEM_RESPONSES)`.
# The schemas are registered in the OpenAPI components by `app.main.create_app`.
PROBLEM_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: _problem_content("Problem", "Malformed request body (not decodable)"),
    401: _problem_content("Problem", "Missing, invalid, expired or revoked credentials"),
    403: _problem_content("Problem", "Not allowed"),
    404: _problem_content("Problem", "Not found"),
    409: _problem_content("Problem", "Conflict with the current state"),
    # Both kinds of 422: invalid input (ValidationProblem, with `errors`) and rule violations
    # (Problem with the rule id as `code`, often with `violations`), told apart by `code`.
    422: {
        "description": "Invalid request (`ValidationProblem`, `code` `validation_error`) or a "
        "refusal (`Problem`: a rule id or another registered code)",
        "content": {
            PROBLEM_MEDIA_TYPE: {"schema": {"$ref": "#/components/schemas/UnprocessableProblem"}}
        },
    },
    503: {
        **_problem_content("Problem", "The database is unreachable; retry after `Retry-After`"),
        "headers": {"Retry-After": RETRY_AFTER_HEADER},
    },
}


def problem_schemas() -> dict[str, Any]:
    """JSON schemas of the problem models, for the OpenAPI components section.

    `code` is an enum (`ProblemCode`): the registered codes and rule ids, `validation_error`
    for a `ValidationProblem` alone, so the 422 answer (`UnprocessableProblem`) is a union of
    the two discriminated on `code`.
    """
    schemas: dict[str, Any] = {}
    for model in (Problem, ValidationErrorItem, ValidationProblem):
        schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        schemas.update(schema.pop("$defs", {}))
        schemas[model.__name__] = schema
    codes = problem_codes()
    schemas["ProblemCode"] = {
        "type": "string",
        "title": "ProblemCode",
        "description": "The `code` of a `Problem`: a registered snake_case code "
        "(docs/clients/errors.md) or a rule id of the players' rulebook (`docs/rules.md#<id>`).",
        "enum": codes,
    }
    described = schemas["Problem"]["properties"]["code"]
    schemas["Problem"]["properties"]["code"] = {
        "$ref": "#/components/schemas/ProblemCode",
        "description": described["description"],
        "examples": described["examples"],
    }
    schemas["ValidationProblem"]["properties"]["code"] = {
        "type": "string",
        "const": VALIDATION_ERROR,
        "description": "Always `validation_error`.",
    }
    schemas["UnprocessableProblem"] = {
        "title": "UnprocessableProblem",
        "description": "A 422: invalid input (`ValidationProblem`, `code` `validation_error`) "
        "or a refusal by a rule or a check (`Problem`).",
        "oneOf": [
            {"$ref": "#/components/schemas/ValidationProblem"},
            {"$ref": "#/components/schemas/Problem"},
        ],
        "discriminator": {
            "propertyName": "code",
            "mapping": {
                VALIDATION_ERROR: "#/components/schemas/ValidationProblem",
                **dict.fromkeys(codes, "#/components/schemas/Problem"),
            },
        },
    }
    return schemas
