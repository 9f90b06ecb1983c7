"""The field types of the texts users write, shared by every request and by the import.

A name or a title (`NameText`: a campaign, a display name, a map and its places, a token, a
house rule's section, a faction, a file) is one line: it never holds a control character (C0,
DEL, C1 — so no TAB, CR, LF, NUL or NEL), a line or paragraph separator (U+2028, U+2029) or a
bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069). Names reach email
headers, file names, logs, calendars and chat messages, where a line break starts a new header
or a new line and an override makes a name read backwards. A body (`BodyText`: a message, a
house rule's text, a note) may break lines (LF) and hold tabs, nothing else of the above.

Both are a `pattern`, so the contract says what the server accepts; its 422 says it in words
(`refusal`, used by app/platform/errors/validation.py). Lengths stay with each field:
`name: NameText = Field(min_length=1, max_length=80)`.
"""

import functools
import importlib.resources
import re
from typing import Annotated
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field

from app.platform.i18n import Text, _

# Refused everywhere: C0 but TAB and LF, DEL and C1, the separators, bidi controls.
_CONTROLS = (
    "\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069"
)
NAME_PATTERN = f"^[^\\u0009\\u000a{_CONTROLS}]*$"
BODY_PATTERN = f"^[^{_CONTROLS}]*$"

NameText = Annotated[str, Field(pattern=NAME_PATTERN)]
"""A name or title: one line, no control character, separator or bidi control."""
BodyText = Annotated[str, Field(pattern=BODY_PATTERN)]
"""A body: lines (LF) and tabs, no other control character, separator or bidi control."""

_NAME = re.compile(NAME_PATTERN)


def is_name(text: str) -> bool:
    """Whether `text` is a valid `NameText` (for names read from files, not from JSON)."""
    return _NAME.fullmatch(text) is not None


NAME_REFUSAL = _(
    "Text should be one line without control characters (line breaks, tabs, NUL) or direction "
    "overrides"
)
BODY_REFUSAL = _(
    "Text should have no control characters (but line breaks and tabs) or direction overrides"
)


def refusal(pattern: str) -> Text | None:
    """What a 422 says of a text that does not match `pattern`, if it is one of these types'."""
    return {NAME_PATTERN: NAME_REFUSAL, BODY_PATTERN: BODY_REFUSAL}.get(pattern)


@functools.cache
def _iana_zones() -> frozenset[str]:
    # The names of the `tzdata` package pinned in uv.lock: the same list on every host, where
    # the host's zoneinfo directory also holds files that are no zone name (`localtime`, the
    # host's own zone; `posixrules`; `right/…`, which count leap seconds and run 27 s apart).
    return frozenset(importlib.resources.files("tzdata").joinpath("zones").read_text().split())


def is_time_zone(name: str) -> bool:
    """Whether `name` is an IANA time zone (`Europe/Paris`) that this server can read: a name
    of the IANA database, so what one server accepts every other imports again."""
    if name not in _iana_zones():
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return False
    return True
