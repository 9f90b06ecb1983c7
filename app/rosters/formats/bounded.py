"""Bounded decoding shared by the parsers: text, JSON (depth), zip (bombs), XML (no DTD).

Each refuses with `RosterUnreadable` naming the line or entry, before doing unbounded work:
JSON nesting is measured before `json.loads` recurses, a zip's entries are counted and their
declared sizes and ratio checked before anything is inflated, and the inflated bytes are read
at most up to the cap (a lying header cannot make them larger). XML goes through expat with
every DOCTYPE refused, so no entity (internal or external) is ever declared or expanded.
"""

import io
import json
import zipfile
from dataclasses import dataclass, field
from typing import Any
from xml.parsers import expat

from app.rosters.formats.model import MAX_FILE_BYTES, MAX_UNCOMPRESSED_BYTES, RosterUnreadable

MAX_JSON_DEPTH = 40
MAX_ZIP_ENTRIES = 4
MAX_ZIP_RATIO = 100  # inflated / compressed: XML compresses ~10×, a bomb ~1000×
MAX_XML_DEPTH = 64
MAX_XML_ELEMENTS = 50_000


def decode_text(data: bytes) -> str:
    """UTF-8 text (a BOM is dropped); NUL and undecodable bytes are refused with their line."""
    if len(data) > MAX_FILE_BYTES:
        raise RosterUnreadable(f"the file is larger than {MAX_FILE_BYTES} bytes")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise RosterUnreadable("not UTF-8 text", f"line {line}") from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise RosterUnreadable("a NUL character", f"line {line}")
    return text


def json_depth_check(text: str) -> None:
    """Refuse nesting deeper than MAX_JSON_DEPTH, scanning outside strings only."""
    depth = 0
    in_string = escaped = False
    line = 1
    for c in text:
        if c == "\n":
            line += 1
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise RosterUnreadable(f"nested deeper than {MAX_JSON_DEPTH}", f"line {line}")
        elif c in "]}":
            depth -= 1


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def load_json(text: str) -> Any:
    json_depth_check(text)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise RosterUnreadable(e.msg, f"line {e.lineno}") from None
    except ValueError as e:  # NaN, Infinity, an integer of more than 4300 digits
        raise RosterUnreadable(str(e), "file") from None


def unzip_single(data: bytes) -> bytes:
    """The one roster file (.ros) of a .rosz, inflated within the bounds."""
    if len(data) > MAX_FILE_BYTES:
        raise RosterUnreadable(f"the file is larger than {MAX_FILE_BYTES} bytes")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, EOFError):
        raise RosterUnreadable("not a readable zip archive") from None
    with archive:
        entries = archive.infolist()
        if len(entries) > MAX_ZIP_ENTRIES:
            raise RosterUnreadable(f"more than {MAX_ZIP_ENTRIES} entries in the archive")
        files = [e for e in entries if not e.is_dir()]
        if len(files) != 1:
            raise RosterUnreadable("the archive must hold exactly one roster file")
        entry = files[0]
        where = f"entry {entry.filename!r}"
        if entry.file_size > MAX_UNCOMPRESSED_BYTES:
            raise RosterUnreadable(f"inflates to more than {MAX_UNCOMPRESSED_BYTES} bytes", where)
        if entry.file_size > MAX_ZIP_RATIO * max(entry.compress_size, 1):
            raise RosterUnreadable(f"compressed more than {MAX_ZIP_RATIO} to 1", where)
        try:
            with archive.open(entry) as stream:
                # Bounded whatever the header says: a lying file_size stops here.
                inflated = stream.read(MAX_UNCOMPRESSED_BYTES + 1)
        except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError):
            raise RosterUnreadable("cannot be inflated (damaged or encrypted)", where) from None
        if len(inflated) > MAX_UNCOMPRESSED_BYTES or len(inflated) != entry.file_size:
            raise RosterUnreadable("its size is not the size its header declares", where)
        return inflated


@dataclass
class Element:
    """An XML element: its local name (namespace dropped), attributes and children."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list["Element"] = field(default_factory=list)

    def child(self, tag: str) -> "Element | None":
        return next((c for c in self.children if c.tag == tag), None)

    def all(self, tag: str) -> list["Element"]:
        """The children of the first `tag` child, e.g. all("selections")."""
        wrapper = self.child(tag)
        return wrapper.children if wrapper is not None else []


def _local(name: str) -> str:
    return name.rsplit(" ", 1)[-1]  # expat's namespace separator is a space


def parse_xml(data: bytes) -> Element:
    """A small tree of the document; DOCTYPEs (and so every entity) are refused."""
    parser = expat.ParserCreate(namespace_separator=" ")
    stack: list[Element] = []
    root: list[Element] = []
    count = 0

    def refuse_doctype(*_: object) -> None:
        raise RosterUnreadable("a DOCTYPE is not accepted", f"line {parser.CurrentLineNumber}")

    def start(name: str, attrs: dict[str, str]) -> None:
        nonlocal count
        count += 1
        line = parser.CurrentLineNumber
        if count > MAX_XML_ELEMENTS:
            raise RosterUnreadable(f"more than {MAX_XML_ELEMENTS} elements", f"line {line}")
        if len(stack) >= MAX_XML_DEPTH:
            raise RosterUnreadable(f"nested deeper than {MAX_XML_DEPTH}", f"line {line}")
        element = Element(_local(name), {_local(k): v for k, v in attrs.items()}, line)
        if stack:
            stack[-1].children.append(element)
        else:
            root.append(element)
        stack.append(element)

    def end(_: str) -> None:
        stack.pop()

    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_doctype
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        raise RosterUnreadable(expat.ErrorString(e.code), f"line {e.lineno}") from None
    return root[0]
