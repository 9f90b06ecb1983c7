"""Bounded decoding shared by the parsers: text, JSON (depth), zip (bombs), XML (no DTD).

Each refuses with `RosterUnreadable` naming the line or entry, before doing unbounded work:
JSON nesting is measured before `json.loads` recurses, a zip's entries are counted and their
declared sizes and ratio checked before anything is inflated, and the inflated bytes are read
at most up to the cap (a lying header cannot make them larger). XML is decoded to text by one
rule (`decode_xml`) and parsed by defusedxml with every DOCTYPE refused, so no entity (internal
or external) is ever declared or expanded; any failure of the parser is the file's (`parse_xml`).
"""

import codecs
import io
import json
import re
import zipfile
from dataclasses import dataclass, field
from typing import Any
from xml.sax import SAXParseException
from xml.sax.handler import ContentHandler
from xml.sax.xmlreader import AttributesImpl, Locator

from defusedxml import DefusedXmlException, DTDForbidden
from defusedxml.expatreader import DefusedExpatParser

from app.play.rosters.formats.model import MAX_FILE_BYTES, MAX_UNCOMPRESSED_BYTES, RosterUnreadable

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


# XML arrives as bytes; it is decoded here, by one rule, before any parser sees it. UTF-8 (with or
# without a BOM) unless the declaration names one of these: encodings in which every ASCII byte
# is its ASCII character (so the declaration and the markup read the same in every one of them)
# and every byte sequence is one text. UTF-16/32, UTF-7 (stateful, `+ADw-` is a `<`), Shift_JIS
# and the other multi-byte encodings (whose second bytes may be `\\` or `<`) are refused:
# BattleScribe and New Recruit write UTF-8.
XML_ENCODINGS = frozenset({"utf-8", "ascii", "iso8859-1", "iso8859-15", "cp1252"})  # codecs' names
_DECLARED = re.compile(rb"""<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']{0,40})["']""")
_WIDE_BOMS = (b"\xff\xfe", b"\xfe\xff")  # UTF-16 (and UTF-32 LE, which starts the same)


def decode_xml(data: bytes) -> str:
    """The text of an XML document: UTF-8, or the single-byte encoding it declares."""
    bom = data.startswith(b"\xef\xbb\xbf")
    body = data[3:] if bom else data
    head = body[:200]
    if head.startswith(_WIDE_BOMS) or b"\x00" in head:  # UTF-16/32 text, or binary
        raise RosterUnreadable("not UTF-8 text (UTF-16 and UTF-32 are not accepted)", "line 1")
    declared = _DECLARED.match(head.lstrip())
    encoding = "utf-8"
    if declared is not None:
        name = declared[1].decode("ascii", "replace")
        try:
            encoding = codecs.lookup(name).name
        except LookupError:
            encoding = ""
        if encoding not in XML_ENCODINGS:
            raise RosterUnreadable(
                f"the encoding {name!r} is not accepted: save the file as UTF-8", "line 1"
            ) from None
        if encoding != "utf-8" and bom:
            raise RosterUnreadable(f"a UTF-8 byte order mark, but the file says {name!r}", "line 1")
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError as e:
        line = body[: e.start].count(b"\n") + 1
        raise RosterUnreadable(f"not {encoding} text", f"line {line}") from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise RosterUnreadable("a NUL character", f"line {line}")
    return text


def _local(name: str) -> str:
    """A name without its namespace prefix (`bs:roster` → `roster`): namespaces are not read
    (SAX without namespace processing, twice as fast)."""
    return name.rpartition(":")[2]


class _Tree(ContentHandler):
    """Builds the small tree while the parser reads, within the depth and element bounds."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[Element] = []
        self.root: Element | None = None
        self.count = 0
        self.locator: Locator | None = None

    # SAX's method names (camelCase).
    def setDocumentLocator(self, locator: Locator) -> None:
        self.locator = locator

    def line(self) -> int:
        """The line the parser is at (1 before it starts)."""
        return (self.locator.getLineNumber() or 1) if self.locator is not None else 1

    def startElement(self, name: str, attrs: AttributesImpl) -> None:
        self.count += 1
        line = self.line()
        if self.count > MAX_XML_ELEMENTS:
            raise RosterUnreadable(f"more than {MAX_XML_ELEMENTS} elements", f"line {line}")
        if len(self.stack) >= MAX_XML_DEPTH:
            raise RosterUnreadable(f"nested deeper than {MAX_XML_DEPTH}", f"line {line}")
        element = Element(_local(name), {_local(k): v for k, v in attrs.items()}, line)
        if self.stack:
            self.stack[-1].children.append(element)
        elif self.root is None:
            self.root = element
        self.stack.append(element)

    def endElement(self, name: str) -> None:
        self.stack.pop()


def parse_xml(data: bytes) -> Element:
    """A small tree of the document, parsed by defusedxml from its decoded text.

    Every DOCTYPE is refused (so no entity, internal or external, is ever declared or expanded),
    and whatever the parser raises is this file's problem: a `RosterUnreadable`, never a 500.
    """
    text = decode_xml(data)
    tree = _Tree()
    parser = DefusedExpatParser(forbid_dtd=True, forbid_entities=True, forbid_external=True)
    parser.setContentHandler(tree)
    try:
        # Text, not bytes: expat reads it as UTF-8 whatever the declaration says.
        parser.parse(io.StringIO(text))
    except RosterUnreadable:
        raise
    except DTDForbidden:
        raise RosterUnreadable("a DOCTYPE is not accepted", f"line {tree.line()}") from None
    except DefusedXmlException:  # an entity or external reference (never reached without DTD)
        raise RosterUnreadable("entities are not accepted", f"line {tree.line()}") from None
    except SAXParseException as e:
        raise RosterUnreadable(e.getMessage(), f"line {e.getLineNumber()}") from None
    except Exception:  # the parser's boundary: whatever else it raises is the file's problem
        raise RosterUnreadable("not readable XML", f"line {tree.line()}") from None
    if tree.root is None:
        raise RosterUnreadable("no XML element", "line 1")
    return tree.root
