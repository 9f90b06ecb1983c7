"""The language of a request: the signed-in user's preference, else `Accept-Language`."""

from starlette.requests import Request
from starlette.responses import Response

from app.platform.i18n import Language, negotiate

# `request.state` attribute: the signed-in user's saved language, or None when they chose none.
USER_LANGUAGE = "user_language"


def speak_to(request: Request, language: str | None) -> None:
    """Said by authentication once it knows the user: the rest of the request (its problems
    too) speaks their saved language."""
    setattr(request.state, USER_LANGUAGE, language)


def request_language(request: Request) -> Language:
    """What this request's texts are said in."""
    return negotiate(
        request.headers.get("accept-language"), getattr(request.state, USER_LANGUAGE, None)
    )


def said_in(response: Response, language: Language) -> Response:
    """Mark a read whose texts were said in `language`: caches keep one copy per language."""
    response.headers["Content-Language"] = language
    response.headers.append("Vary", "Accept-Language")
    return response
