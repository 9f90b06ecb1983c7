"""Army-list parsers (issue 30): pure functions from an uploaded file's bytes to `ParsedRoster`.

`parse_roster(data, fmt)` reads one of `RosterFormat`; without `fmt` it detects the format:
a zip (`PK`) or XML (`<`) is BattleScribe's `.rosz`/`.ros`, JSON with a `roster` object is New
Recruit's, other JSON is Old World Builder's, anything else plain text. Every failure is a
`RosterUnreadable` naming the line or field; nothing here touches the database.
"""

from collections.abc import Callable

from app.play.rosters.formats.battlescribe import parse_new_recruit, parse_rosz
from app.play.rosters.formats.bounded import decode_text, load_json
from app.play.rosters.formats.model import (
    MAX_FILE_BYTES,
    ParsedRoster,
    RosterFormat,
    RosterUnit,
    RosterUnreadable,
)
from app.play.rosters.formats.owb import parse_owb
from app.play.rosters.formats.text import parse_text

__all__ = [
    "MAX_FILE_BYTES",
    "ParsedRoster",
    "RosterFormat",
    "RosterUnit",
    "RosterUnreadable",
    "detect_format",
    "parse_roster",
]

PARSERS: dict[RosterFormat, Callable[[bytes], ParsedRoster]] = {
    RosterFormat.OWB: parse_owb,
    RosterFormat.NEW_RECRUIT: parse_new_recruit,
    RosterFormat.ROSZ: parse_rosz,
    RosterFormat.TEXT: parse_text,
}


def detect_format(data: bytes) -> RosterFormat:
    if data[:4] == b"PK\x03\x04":
        return RosterFormat.ROSZ
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if head == b"<":
        return RosterFormat.ROSZ
    if head in (b"{", b"["):
        document = load_json(decode_text(data))
        if isinstance(document, dict) and isinstance(document.get("roster"), dict):
            return RosterFormat.NEW_RECRUIT
        return RosterFormat.OWB
    return RosterFormat.TEXT


def parse_roster(data: bytes, fmt: RosterFormat | None = None) -> ParsedRoster:
    if len(data) > MAX_FILE_BYTES:
        raise RosterUnreadable(f"the file is larger than {MAX_FILE_BYTES} bytes")
    if not data.strip():
        raise RosterUnreadable("the file is empty")
    return PARSERS[fmt or detect_format(data)](data)
