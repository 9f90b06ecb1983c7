"""Who is calling: the client's address and user agent, as recorded on tokens and limited."""

from fastapi import Request

# Sizes of the columns they are stored in (tokens, rate_limits keys).
MAX_ADDRESS_LENGTH = 64
MAX_USER_AGENT_LENGTH = 200


def client_address(request: Request) -> str:
    """The caller's address: the peer's, or behind a trusted proxy the forwarded one.

    Forwarded headers are believed only from `MARCHLORDS_TRUSTED_PROXIES` (app.shell.limits
    installs the middleware that rewrites the peer address then); everyone else's are ignored.
    """
    return (request.client.host if request.client else "")[:MAX_ADDRESS_LENGTH]


def user_agent(request: Request) -> str | None:
    """The start of the `User-Agent` header, if any."""
    agent = request.headers.get("user-agent", "").strip()
    return agent[:MAX_USER_AGENT_LENGTH] or None
