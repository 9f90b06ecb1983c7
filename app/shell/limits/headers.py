"""`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` on every limited operation.

The three fields of the IETF httpapi rate-limit draft in its widely deployed form (separate
fields, as GitHub and express-rate-limit send them), about the caller's tightest bucket:

- `RateLimit-Limit`: the burst, the most requests the bucket allows at once;
- `RateLimit-Remaining`: the requests left right now;
- `RateLimit-Reset`: seconds until the bucket is full again (every request back).

A 429 carries them too (`Remaining: 0`), with `Retry-After`: the seconds until the next
request is allowed. The guards (app.shell.limits.routes) record the standing in the request's scope;
this middleware writes it on the response, whichever way the response was made (an endpoint's
model, a `Response`, a replayed idempotent one, a problem).
"""

from starlette.requests import Request
from starlette.types import Message, Receive, Scope, Send

from app.platform.asgi import HTTPMiddleware
from app.shell.limits.store import Standing

RATE_LIMIT_HEADERS = ("RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset")
_SCOPE_KEY = "marchlords.rate_limit"


def record_standing(request: Request, kind: str, standing: Standing | None) -> None:
    """Remember the caller's standing with the `kind` of limit (`writes`, `login`, …) for the
    response; a later record of the same kind (tokens given back) replaces it."""
    holder = request.scope.get(_SCOPE_KEY)
    if standing is not None and isinstance(holder, dict):
        holder[kind] = standing


def _reported(holder: dict[str, Standing]) -> Standing:
    # Several kinds (a password change is a write and a password check): the tightest.
    return min(holder.values(), key=lambda standing: standing.remaining)


class RateLimitHeadersMiddleware(HTTPMiddleware):
    """Write the standing the guards recorded as the `RateLimit-*` headers."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        holder: dict[str, Standing] = {}
        scope[_SCOPE_KEY] = holder

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start" and holder:
                standing = _reported(holder)
                values = (standing.limit, standing.remaining, standing.reset)
                headers = list(message.get("headers", []))
                headers += [
                    (name.lower().encode(), str(value).encode())
                    for name, value in zip(RATE_LIMIT_HEADERS, values, strict=True)
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
