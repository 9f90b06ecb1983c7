"""The errors the API raises on purpose, and the registry of their codes.

Every `AppError` is rendered as an RFC 9457 problem by `app.platform.errors.handlers`; its `code` is
a registered snake_case code (`ERROR_CODES`) or the id of the rule that refused the request.
"""

import re
from collections.abc import Mapping, Sequence
from typing import Any

from app.platform.i18n import DEFAULT_LANGUAGE, Language, _
from app.rules.state import Violation

# Every snake_case `code` the API answers, with its meaning (the errors page's list is rendered from
# this by `scripts/rulebook`; tests/meta/test_rulebook.py checks that the codes raised in app/ and
# this registry are the same set). The other codes are rule ids (`R-BUILD-5`).
ERROR_CODES: dict[str, str] = {
    "account_suspended": "403: an operator suspended this account: it cannot sign in",
    "already_joined": "409: you already play in this campaign",
    "bad_request": "400: the request cannot be read (e.g. an undecodable body)",
    "conflict": "409: the resource's state forbids this (e.g. already decided)",
    "content_too_large": "413: the body exceeds `MARCHLORDS_MAX_BODY_BYTES`",
    "email_disabled": "409: this server sends no email (`MARCHLORDS_SMTP_HOST` is not set)",
    "forbidden": "403: you are known but may not do this",
    "http_error": "another 4xx status from the HTTP layer",
    "idempotency_key_in_use": "409: a request with this `Idempotency-Key` is still running",
    "idempotency_key_reused": "422: this `Idempotency-Key` was used for another request",
    "identity_taken": "409: this provider's identity already signs in to another account (or has "
    "one)",
    "imports_busy": "503: the server runs as many imports as it takes at once; retry after "
    "`Retry-After`",
    "internal_error": "500: an unexpected error, logged with the request id",
    "invalid_oidc_ticket": "400: a sign-in ticket that is unknown, used or expired",
    "invalid_reset_token": "400: a password-reset link that is unknown, used or expired",
    "invalid_value": "422: a value cannot be stored (a NUL character, a number out of range)",
    "join_request_pending": "409: you already asked for another place in this campaign",
    "last_sign_in": "409: the account's only way in (no password, no other identity) cannot be "
    "unlinked",
    "method_not_allowed": "405: the path does not take this method (see `Allow`)",
    "not_acceptable": "406: no acceptable representation",
    "not_found": "404: no such resource, or one you may not know of",
    "oidc_provider": "400 (502 at the start): the sign-in provider failed or refused (e.g. a code "
    "used twice)",
    "oidc_signup_required": "409: this identity has no account yet: choose a username (`POST "
    "/v1/auth/oidc/complete`)",
    "oidc_state": "400: a provider's return that is unknown, used, expired or from another browser",
    "oidc_token": "400: the provider's ID token is refused (signature, issuer, audience, expiry, "
    "nonce)",
    "password_required": "403: changing the address, or creating an `account` token, needs the "
    "current password (`current_password`) or a sign-in of the last few minutes",
    "player_required": "422: the owner must say which player's summary (`?player=N`)",
    "push_disabled": "409: this server sends no Web Push (`MARCHLORDS_VAPID_PRIVATE_KEY` or "
    "`MARCHLORDS_VAPID_SUBJECT` is not set)",
    "push_endpoint_refused": "422: a push subscription's endpoint that is not https on a "
    "public address",
    "push_subscriptions_full": "409: you have as many push subscriptions as a user may have: "
    "delete one first",
    "roster_unreadable": "422: an army list that cannot be read (`where`: the line or field)",
    "seat_not_open": "409: the seat asked for is not open to newcomers (R-CAMP-12)",
    "self_listed": "422: you cannot block or bar yourself",
    "service_unavailable": "503: the database is unreachable; retry after `Retry-After`",
    "token_scope": "403: this token plays but may not change the account's address, password "
    "or tokens (a `play` personal token): sign in, or use an `account` token",
    "too_many_requests": "429: a rate limit; retry after `Retry-After`",
    "unauthorized": "401: missing, unknown, expired or revoked credentials",
    "unknown_last_event_id": "422: `Last-Event-ID` names no event you may see",
    "unsupported_media_type": "415: the body's media type is not accepted",
    "username_taken": "409: another account has this username",
    "validation_error": "422: invalid request fields (listed in `errors`), or malformed JSON",
    "webhook_url_refused": "422: a webhook URL that is not https on a public address",
    "wrong_password": "403: the current password is wrong",
}

# The players' rulebook, one anchor per rule id (its source: the operation descriptions' "Rules"
# lines name it, app/shell/rule_refs.py).
RULEBOOK = "docs/rules.md"
# Where the server serves the rulebook in each language it speaks (app/shell/web/rulebook.py,
# the same anchors): a problem whose `code` is a rule id links there, in the language it is said
# in. An absolute path, so that it opens the rule from any page of the server's origin.
RULEBOOK_PAGES: dict[Language, str] = {"en": "/rules", "fr": "/rules/fr"}
RULE_ID = re.compile(r"R-[A-Z]+(?:-[0-9]+)?")  # a rule (R-MOVE-1) or a family (R-FAC)


def rule_help(code: str, language: Language = DEFAULT_LANGUAGE) -> str | None:
    """Where the rule behind `code` is explained in `language` (`/rules#R-MOVE-1`,
    `/rules/fr#R-MOVE-1`), if it is a rule id."""
    return f"{RULEBOOK_PAGES[language]}#{code}" if RULE_ID.fullmatch(code) else None


def problem_type(code: str) -> str:
    """Stable URI identifying a problem type (a URN: nothing to resolve, nothing to host)."""
    return f"urn:marchlords:problem:{code}"


class AppError(Exception):
    """Base of every error the API raises on purpose."""

    status: int = 400
    code: str = "bad_request"
    title: str = _("Bad request")

    def __init__(
        self,
        detail: str | None = None,
        *,
        status: int | None = None,
        code: str | None = None,
        title: str | None = None,
        extra: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        if status is not None:
            self.status = status
        if code is not None:
            self.code = code
        if title is not None:
            self.title = title
        self.detail = detail or self.title
        self.extra = dict(extra or {})
        self.headers = dict(headers or {})
        super().__init__(self.detail)


class NotFound(AppError):
    """The resource does not exist, or the caller may not know that it does."""

    status = 404
    code = "not_found"
    title = _("Not found")


class Forbidden(AppError):
    """The caller is known but may not do this."""

    status = 403
    code = "forbidden"
    title = _("Forbidden")


class Conflict(AppError):
    """The request clashes with the current state (duplicate, stale version, ...)."""

    status = 409
    code = "conflict"
    title = _("Conflict")


class Unauthorized(AppError):
    """Missing, unknown, expired or revoked credentials."""

    status = 401
    code = "unauthorized"
    title = _("Unauthorized")

    def __init__(self, detail: str | None = None, **kwargs: Any) -> None:
        headers = {"WWW-Authenticate": "Bearer", **kwargs.pop("headers", {})}
        super().__init__(detail, headers=headers, **kwargs)


# Seconds a client should wait before retrying a 503 (the database is usually back quickly:
# a restart, a failover, a burst that took every connection).
RETRY_AFTER_SECONDS = 1


class ServiceUnavailable(AppError):
    """A dependency (the database) is down; retrying later may succeed (`Retry-After`)."""

    status = 503
    code = "service_unavailable"
    title = _("Service unavailable")

    def __init__(self, detail: str | None = None, **kwargs: Any) -> None:
        headers = {"Retry-After": str(RETRY_AFTER_SECONDS), **kwargs.pop("headers", {})}
        super().__init__(detail, headers=headers, **kwargs)


class RuleViolation(AppError):
    """A game rule refuses the order; `code` is its rule id (`docs/rules.md`), e.g. `R-BUILD-5`.

    422 when the order is refused by a rule given the current state (the default); 409 when
    the resource itself is in a state that excludes the request (already decided, no longer
    pending, the campaign not in the right phase): see docs/clients/errors.md.
    """

    status = 422
    title = _("Rule violation")

    def __init__(
        self,
        rule_id: str,
        detail: str,
        *,
        status: int = 422,
        violations: Sequence[Mapping[str, Any]] | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        merged = dict(extra or {})
        if violations is not None:
            merged["violations"] = [dict(v) for v in violations]
        super().__init__(detail, status=status, code=rule_id, extra=merged)


def refuse(violations: list[Violation], status: int = 422) -> RuleViolation:
    """A problem for refused orders: the first rule as `code`, every violation listed."""
    first = violations[0]
    return RuleViolation(
        first.rule,
        first.message,
        status=status,
        violations=[{"rule": v.rule, "message": v.message} for v in violations],
    )


def refused(code: str, status: int, detail: str) -> AppError:
    """The problem of a rule's refusal that is not an order's (a lobby's, a spectator's):
    `code` is the rule id."""
    return AppError(detail, status=status, code=code, title=_("Refused"))
