"""Error model: `AppError` subclasses rendered as RFC 9457 `application/problem+json`.

- `classes`: the errors raised on purpose, with the registry of their codes (`ERROR_CODES`),
  and `refuse` (a problem for orders the rules refused);
- `handlers`: the exception handlers, and `problem_response`, through which every error
  response goes;
- `openapi`: the problem models, the routers' default error responses and the contract's
  problem schemas.

Callers import from `app.platform.errors`; the modules are how it is kept, not a second interface.
"""

from app.platform.errors.classes import (
    ERROR_CODES,
    RETRY_AFTER_SECONDS,
    RULE_ID,
    RULEBOOK,
    RULEBOOK_PAGES,
    AppError,
    Conflict,
    Forbidden,
    NotFound,
    RuleViolation,
    ServiceUnavailable,
    Unauthorized,
    problem_type,
    refuse,
    refused,
    rule_help,
)
from app.platform.errors.handlers import (
    install_error_handlers,
    internal_error_response,
    problem_response,
)
from app.platform.errors.openapi import (
    PROBLEM_MEDIA_TYPE,
    PROBLEM_RESPONSES,
    RETRY_AFTER_HEADER,
    VALIDATION_ERROR,
    Problem,
    ValidationProblem,
    problem_codes,
    problem_schemas,
)

__all__ = [
    "ERROR_CODES",
    "PROBLEM_MEDIA_TYPE",
    "PROBLEM_RESPONSES",
    "RETRY_AFTER_HEADER",
    "RETRY_AFTER_SECONDS",
    "RULEBOOK",
    "RULEBOOK_PAGES",
    "RULE_ID",
    "VALIDATION_ERROR",
    "AppError",
    "Conflict",
    "Forbidden",
    "NotFound",
    "Problem",
    "RuleViolation",
    "ServiceUnavailable",
    "Unauthorized",
    "ValidationProblem",
    "install_error_handlers",
    "internal_error_response",
    "problem_codes",
    "problem_response",
    "problem_schemas",
    "problem_type",
    "refuse",
    "refused",
    "rule_help",
]
