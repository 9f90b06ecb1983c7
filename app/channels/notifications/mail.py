"""The one place an email is built (issue 42): every header of every message, from values this
module sanitises itself, whatever its caller passes, and the one address it goes to.

- Header text (the subject, the sender's name, the language) loses every control character
  and line separator (CR, LF, U+0085, U+2028/2029, NUL, bidi overrides…): each becomes a space,
  so no value ever starts a new header line ("Bcc: …") or breaks the message. The message is
  written with the `email.policy.SMTP` policy (CRLF, lines folded at 78, non-ASCII as RFC 2047
  encoded words), which refuses any line break left in a header besides.
- The recipient is exactly one address, normalised by `email-validator` (no comment, no list,
  no display name, no quoted local part); the SMTP envelope has that one recipient, never
  what the headers might be read as.
- `List-Unsubscribe` is a URI in angle brackets (RFC 2369/8058), sent unfolded and unencoded:
  mail clients read it as it stands (an RFC 2047 encoded word is not a URI to them).

What leaves is `Outgoing`: the envelope's sender and one recipient, and the message's bytes as
written here (the SMTP client sends them untouched).
"""

import email.utils
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.headerregistry import Address, AddressHeader, HeaderRegistry, UnstructuredHeader
from email.message import EmailMessage
from typing import Any
from urllib.parse import quote

from email_validator import EmailNotValidError, validate_email

# RFC 5322's hard limit of a line, CRLF excluded.
MAX_LINE = 998
# Kept inside a header (emoji sequences, some scripts' joiners); other format characters go.
_JOINERS = frozenset({"\u200c", "\u200d"})
# What a URI keeps as it is (RFC 3986's reserved and unreserved characters, and `%`); anything
# else (a space, `<`, `>`, a quote, non-ASCII) is percent-encoded.
_URI_SAFE = ":/?#[]@!$&'()*+,;=%-._~"


class BadAddress(ValueError):
    """Not one plain email address."""


def normalise_address(value: str) -> str:
    """The one address `value` is, normalised (domain in lower case, IDN in Unicode), or
    `BadAddress`. Deliverability is not checked (the confirmation link is that check)."""
    try:
        found = validate_email(value, check_deliverability=False, allow_smtputf8=False)
    except EmailNotValidError as refused:
        raise BadAddress(str(refused)) from refused
    return str(found.normalized)


def envelope_address(value: str) -> str:
    """The one address `value` is, as SMTP carries it (ASCII: an IDN domain as punycode)."""
    try:
        found = validate_email(value, check_deliverability=False, allow_smtputf8=False)
    except EmailNotValidError as refused:
        raise BadAddress(str(refused)) from refused
    return str(found.ascii_email or found.normalized)


def clean(value: object) -> str:
    """`value` as header text: every control character, line or paragraph separator and
    format character (bidi overrides included) becomes a space; runs of spaces become one."""
    text = "".join(
        " "
        if unicodedata.category(c) in ("Cc", "Cs", "Co", "Zl", "Zp", "Zs")
        or (unicodedata.category(c) == "Cf" and c not in _JOINERS)
        else c
        for c in str(value)
    )
    return " ".join(text.split())


def uri(value: str) -> str:
    """`value` as a URI fit for a header: ASCII, no space, no angle bracket."""
    return quote(clean(value).replace(" ", ""), safe=_URI_SAFE)


class _UriHeader(UnstructuredHeader):
    """A header whose value is `<URI>`: written as it is, on one line (never folded or
    encoded), and refused if it is anything else."""

    name: str  # BaseHeader's, which the registry mixes in

    @classmethod
    def parse(cls, value: str, kwds: dict[str, Any]) -> None:
        if not (value.startswith("<") and value.endswith(">")) or not value.isascii():
            raise ValueError(f"not a <URI>: {value!r}")
        if any(c in value[1:-1] for c in "<> \t\r\n"):
            raise ValueError(f"not a <URI>: {value!r}")
        super().parse(value, kwds)

    def fold(self, *, policy: Any) -> str:
        line = f"{self.name}: {self}"
        if len(line) > MAX_LINE:
            raise ValueError(f"{self.name} longer than {MAX_LINE} characters")
        return line + str(policy.linesep)


_REGISTRY = HeaderRegistry()
_REGISTRY.map_to_type("list-unsubscribe", _UriHeader)  # type: ignore[arg-type]
# SMTP's policy (CRLF, folded at 78, RFC 2047 for non-ASCII; a line break in a header value is
# an error), with the one URI header kept whole.
POLICY = policy.SMTP.clone(header_factory=_REGISTRY)


@dataclass(frozen=True)
class Outgoing:
    """A message ready for SMTP: the envelope (one sender, one recipient) and its bytes."""

    sender: str
    recipient: str
    data: bytes


def _sender(value: str) -> Address:
    parsed = _REGISTRY("From", clean(value))
    found = parsed.addresses if isinstance(parsed, AddressHeader) else ()
    if len(found) != 1 or parsed.defects or not found[0].username or not found[0].domain:
        raise BadAddress(f"not one sender address: {value!r}")
    one = found[0]
    return Address(display_name=clean(one.display_name), username=one.username, domain=one.domain)


def compose(
    *,
    sender: str,
    recipient: str,
    subject: str,
    sent_at: datetime,
    language: str,
    text: str,
    markup: str,
    unsubscribe_url: str | None,
) -> Outgoing:
    """The message, every header of it built here; `BadAddress` or `ValueError` if it cannot
    be (the caller counts that as a failed attempt of this message alone)."""
    to = envelope_address(recipient)
    local, _, domain = to.rpartition("@")
    origin = _sender(sender)
    lang = "".join(c for c in clean(language) if c.isascii() and (c.isalnum() or c == "-"))
    message = EmailMessage(policy=POLICY)
    message["From"] = origin
    message["To"] = Address(username=local, domain=domain)
    message["Subject"] = clean(subject)
    message["Date"] = email.utils.format_datetime(sent_at)
    message["Message-ID"] = email.utils.make_msgid(domain="marchlords")
    if unsubscribe_url is not None:
        message["List-Unsubscribe"] = f"<{uri(unsubscribe_url)}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    message.set_content(text)
    page = f'<!doctype html><html lang="{lang}"><body>{markup}</body></html>'
    message.add_alternative(page, subtype="html")
    if lang:
        message["Content-Language"] = lang  # after the parts: setting content drops Content-*
    data = message.as_bytes(policy=POLICY)
    return Outgoing(sender=origin.addr_spec, recipient=to, data=data)
