"""Finishing touches of the OpenAPI contract, by rule (no route is listed by hand here):

- the document's `info.description`, `info.contact` and `servers`;
- a top-level `tags` list naming every tag an operation uses, described by the docstring of the
  module whose routes come first under it;
- each operation's description says what every client needs to know that the schema cannot:
  whether it is a conditional read (`If-None-Match` → 304), rate limited (`RateLimit-*`, 429),
  and whether it takes no credentials;
- the `RateLimit-*` headers on every answer of a rate-limited operation (not only its 429);
- every free-form string (no `pattern`, `format`, `enum` or `const`) of a schema (but the
  problems, which name refused fields as sent) or parameter excludes the NUL character, which
  PostgreSQL cannot store (the server answers 422 `invalid_value`): a value the schema allows
  is not refused for it.

Run by `app.main.create_app`'s `openapi()` after FastAPI built the document.
"""

import inspect
import sys
from collections.abc import Iterable
from typing import Any

from fastapi.routing import APIRoute

from app.platform.errors import problem_schemas

DESCRIPTION = (
    "JSON REST API of Marchlords, multiplayer hex-map wargame campaigns under fog of war.\n\n"
    "Errors are RFC 9457 problems (`application/problem+json`) with a stable `code`: a "
    "registered snake_case code or the id of the rule that refused the request (`R-MOVE-1`, "
    "explained in the players' rulebook `docs/rules.md`). Game views carry an `ETag` and answer "
    "`304 Not Modified` to a matching `If-None-Match`; writes are rate limited per user "
    "(`RateLimit-*` headers, 429 with `Retry-After`) and writes under `/v1/campaigns` take an "
    "`Idempotency-Key`. Live events: `GET /v1/campaigns/{campaign_id}/events` (Server-Sent "
    "Events, `Event` schemas); webhooks receive the same events (`webhooks`)."
)
CONTACT = {"name": "Marchlords maintainers (the project's issue tracker)"}
# Relative: the API is served from the same origin as this document.
SERVERS = [{"url": "/", "description": "The server that serves this document."}]

CONDITIONAL_NOTE = (
    "Conditional read: send the `ETag` of the copy you hold as `If-None-Match`; `304 Not "
    "Modified` (no body) means your copy is still current. Generated clients report a 304 as "
    "an answer without a parsed body: keep your copy then (docs/clients/conditional-reads.md)."
)
RATE_LIMIT_NOTE = (
    "Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and "
    "`RateLimit-Reset`; past the limit, 429 `too_many_requests` with `Retry-After`."
)
PUBLIC_NOTE = "Takes no credentials."

# Any text without a NUL character (which PostgreSQL's text and JSON types refuse).
NO_NUL_PATTERN = "^[^\\u0000]*$"
_STRING_KEYWORDS = ("pattern", "format", "enum", "const", "contentMediaType")

_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def finish(schema: dict[str, Any], routes: Iterable[Any]) -> None:
    """Complete `schema` (FastAPI's document) in place."""
    info = schema.setdefault("info", {})
    info.setdefault("description", DESCRIPTION)
    info.setdefault("contact", CONTACT)
    schema.setdefault("servers", SERVERS)
    schema["tags"] = _tags(schema, routes)
    # Problems are left out: a validation error names the refused fields, NUL and all.
    problems = set(problem_schemas())
    for name, component in schema.get("components", {}).get("schemas", {}).items():
        if name not in problems:
            _no_nul(component)
    for operations in schema.get("paths", {}).values():
        for method, operation in operations.items():
            if method in _METHODS:
                for parameter in operation.get("parameters", ()):
                    _no_nul(parameter.get("schema", {}))
    rate_limit_headers = _rate_limit_headers(schema)
    for operations in schema.get("paths", {}).values():
        for method, operation in operations.items():
            if method in _METHODS:
                _describe(operation)
                _add_rate_limit_headers(operation, rate_limit_headers)


def _tags(schema: dict[str, Any], routes: Iterable[Any]) -> list[dict[str, str]]:
    described: dict[str, str] = {}
    for route in routes:
        if isinstance(route, APIRoute) and route.include_in_schema:
            for tag in route.tags:
                described.setdefault(str(tag), _module_summary(route.endpoint))
    used: dict[str, None] = {}
    for operations in [*schema.get("paths", {}).values(), *schema.get("webhooks", {}).values()]:
        for method, operation in operations.items():
            if method in _METHODS:
                used.update(dict.fromkeys(operation.get("tags", ())))
    return [
        {"name": tag, "description": described.get(tag) or f"Operations on {tag}."} for tag in used
    ]


def _module_summary(endpoint: Any) -> str:
    module = sys.modules.get(getattr(endpoint, "__module__", ""), None)
    doc = inspect.getdoc(module) if module is not None else None
    return " ".join((doc or "").split("\n\n")[0].split())


def _describe(operation: dict[str, Any]) -> None:
    notes = []
    responses = operation.get("responses", {})
    if "304" in responses:
        notes.append(CONDITIONAL_NOTE)
    if "429" in responses:
        notes.append(RATE_LIMIT_NOTE)
    if not operation.get("security"):
        notes.append(PUBLIC_NOTE)
    text = operation.get("description") or operation.get("summary") or ""
    operation["description"] = "\n\n".join([text, *notes]).strip()


def _rate_limit_headers(schema: dict[str, Any]) -> dict[str, Any]:
    """The `RateLimit-*` headers as the 429 responses declare them (app.shell.limits.routes)."""
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            limited = operation.get("responses", {}).get("429", {}).get("headers", {})
            found = {name: value for name, value in limited.items() if name.startswith("RateLimit")}
            if found:
                return found
    return {}


def _add_rate_limit_headers(operation: dict[str, Any], headers: dict[str, Any]) -> None:
    responses = operation.get("responses", {})
    if "429" not in responses:
        return
    for status, response in responses.items():
        if status != "429" and "$ref" not in response:
            # A new dict: FastAPI may share one response object between operations.
            operation["responses"][status] = {
                **response,
                "headers": {**response.get("headers", {}), **headers},
            }


def _no_nul(node: Any) -> None:
    """Give every free-form string schema under `node` the no-NUL pattern (in place)."""
    if isinstance(node, dict):
        if node.get("type") == "string" and not any(k in node for k in _STRING_KEYWORDS):
            node["pattern"] = NO_NUL_PATTERN
        for key, value in node.items():
            if key not in ("examples", "example", "default", "discriminator"):
                _no_nul(value)
    elif isinstance(node, list):
        for item in node:
            _no_nul(item)
