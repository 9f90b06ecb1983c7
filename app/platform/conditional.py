"""Conditional reads (RFC 9110 §8.8.3, §13.1.2): an `ETag` on every game view, `304 Not
Modified` when the client's `If-None-Match` names it.

The entity tag is a digest of the very body this caller would receive, so it changes exactly
when what they see changes, and tells nothing but that: two viewers whose views differ get
different tags, and a change out of the caller's sight (another player's army, gold or orders)
leaves their tag as it was. Views are private (`Cache-Control: private, no-cache`): a shared
cache never stores them, a client revalidates before reusing one.
"""

from collections.abc import Sequence
from hashlib import blake2b
from typing import Annotated, Any

from fastapi import Header
from fastapi.responses import Response
from pydantic import BaseModel
from pydantic_core import to_json

IfNoneMatch = Annotated[
    str | None,
    Header(
        alias="If-None-Match",
        max_length=1024,
        description=(
            "The `ETag` of a copy of this view you hold: if it is still current, the answer "
            "is `304 Not Modified` without a body."
        ),
    ),
]

CACHE_CONTROL = "private, no-cache"
_ETAG_HEADER = {
    "description": (
        "Strong entity tag of this view as you see it: it changes whenever what you see "
        "changes, and only then. Send it back in `If-None-Match`."
    ),
    "schema": {"type": "string"},
}
_CACHE_HEADER = {
    "description": f"`{CACHE_CONTROL}`: a per-viewer view, revalidate before reuse.",
    "schema": {"type": "string"},
}

CONDITIONAL_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {"headers": {"ETag": _ETAG_HEADER, "Cache-Control": _CACHE_HEADER}},
    304: {
        "description": "Not Modified: the view is the one whose `ETag` you sent (no body).",
        "headers": {"ETag": _ETAG_HEADER, "Cache-Control": _CACHE_HEADER},
    },
}


def etag_of(body: bytes) -> str:
    return '"' + blake2b(body, digest_size=16).hexdigest() + '"'


def matches(if_none_match: str | None, etag: str) -> bool:
    """RFC 9110 §13.1.2: `*` or any listed tag, compared weakly (a `W/` prefix is ignored)."""
    if not if_none_match:
        return False
    for candidate in if_none_match.split(","):
        tag = candidate.strip()
        if tag == "*":
            return True
        if tag.startswith("W/"):
            tag = tag[2:]
        if tag == etag:
            return True
    return False


def view_response(body: bytes, if_none_match: str | None, etag: str | None = None) -> Response:
    """`body` (JSON) with its tag, or 304 with the tag alone if the client holds it."""
    tag = etag or etag_of(body)
    headers = {"ETag": tag, "Cache-Control": CACHE_CONTROL}
    if matches(if_none_match, tag):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


def model_response(
    model: BaseModel, if_none_match: str | None, *, exclude_none: bool = False
) -> Response:
    """A view model encoded by pydantic's own JSON encoder (as FastAPI would: by alias)."""
    body = model.model_dump_json(by_alias=True, exclude_none=exclude_none).encode()
    return view_response(body, if_none_match)


def list_response(
    items: Sequence[BaseModel], if_none_match: str | None, *, exclude_none: bool = False
) -> Response:
    """A JSON array of view models, each encoded as `model_response` encodes one."""
    body = to_json(list(items), by_alias=True, exclude_none=exclude_none)
    return view_response(body, if_none_match)
