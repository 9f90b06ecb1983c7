"""Which URLs the server may post to (outbound safety, SSRF).

An endpoint is `https://` on a public address. Its host is resolved, and every address it
resolves to must be global unicast: loopback, private, link-local (the cloud metadata
services' 169.254.169.254 among them), shared (100.64/10), multicast, reserved and
unspecified addresses are refused; an IPv4 address mapped or embedded in IPv6 is judged as
IPv4. `MARCHLORDS_WEBHOOKS_ALLOW_LOOPBACK` also allows loopback addresses (then `http://`
too), for development and tests.

The check runs when an endpoint is registered and again before every attempt, whose
connection goes to the address just checked (the host name stays in `Host` and in TLS's SNI,
so certificates are verified for it): a name that resolves elsewhere between the check and
the connection (DNS rebinding) changes nothing.
"""

import asyncio
import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

RESOLVE_TIMEOUT_SECONDS = 5.0
MAX_URL_LENGTH = 2048


class UnsafeURL(ValueError):
    """The URL may not be posted to; the message says why (it names nothing internal)."""


@dataclass(frozen=True)
class Target:
    """A checked URL and the address its connection must go to."""

    url: str  # as registered
    pinned_url: str  # the same, with the checked address instead of the host name
    host: str  # for the Host header and TLS SNI
    address: IPAddress


def _judged(address: IPAddress) -> IPAddress:
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return address.ipv4_mapped
        if address.sixtofour is not None:
            return address.sixtofour
        if address.teredo is not None:
            return address.teredo[1]
    return address


def check_address(address: IPAddress, *, allow_loopback: bool) -> None:
    """Raise UnsafeURL unless the server may connect to `address`."""
    judged = _judged(address)
    if judged.is_loopback:
        if allow_loopback:
            return
        raise UnsafeURL("The URL points to a loopback address.")
    if (
        judged.is_private
        or judged.is_link_local
        or judged.is_multicast
        or judged.is_reserved
        or judged.is_unspecified
        or not judged.is_global
    ):
        raise UnsafeURL("The URL points to an address that is not public.")


def parse(url: str, *, allow_loopback: bool) -> tuple[str, str, int]:
    """Scheme, host and port of a URL that may be registered (before resolving it)."""
    if len(url) > MAX_URL_LENGTH:
        raise UnsafeURL("The URL is too long.")
    if any(c.isspace() or ord(c) < 0x20 or ord(c) == 0x7F for c in url):
        raise UnsafeURL("The URL may not contain spaces or control characters.")
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:  # e.g. an unclosed or invalid [IPv6] literal
        raise UnsafeURL("The URL cannot be read.") from None
    scheme = parts.scheme.lower()
    if scheme not in ("https", "http"):
        raise UnsafeURL("The URL must start with https://.")
    if scheme == "http" and not allow_loopback:
        raise UnsafeURL("The URL must use https.")
    if parts.username is not None or parts.password is not None:
        raise UnsafeURL("The URL may not carry a user name or password.")
    if parts.fragment:
        raise UnsafeURL("The URL may not have a fragment (#…).")
    if not host:
        raise UnsafeURL("The URL has no host.")
    try:
        port = parts.port or (443 if scheme == "https" else 80)
    except ValueError:
        raise UnsafeURL("The URL's port is not a number from 1 to 65535.") from None
    return scheme, host, port


async def _addresses(host: str, port: int) -> list[IPAddress]:
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    loop = asyncio.get_running_loop()
    try:
        infos = await asyncio.wait_for(
            loop.getaddrinfo(host, port, type=socket.SOCK_STREAM), RESOLVE_TIMEOUT_SECONDS
        )
    except (OSError, TimeoutError, UnicodeError):  # UnicodeError: not a valid host name
        raise UnsafeURL("The URL's host name cannot be resolved.") from None
    found: list[IPAddress] = []
    for info in infos:
        text = str(info[4][0]).split("%", 1)[0]  # an IPv6 scope id is not part of the address
        found.append(ipaddress.ip_address(text))
    if not found:
        raise UnsafeURL("The URL's host name cannot be resolved.")
    return found


async def check(url: str, *, allow_loopback: bool) -> Target:
    """The URL's target, if every address its host resolves to may be connected to."""
    scheme, host, port = parse(url, allow_loopback=allow_loopback)
    addresses = await _addresses(host, port)
    for address in addresses:
        check_address(address, allow_loopback=allow_loopback)
    if scheme == "http" and not all(_judged(a).is_loopback for a in addresses):
        raise UnsafeURL("The URL must use https.")
    address = addresses[0]
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped  # connect over IPv4, where it really is
    parts = urlsplit(url)
    literal = f"[{address}]" if address.version == 6 else str(address)
    netloc = f"{literal}:{parts.port}" if parts.port else literal
    pinned = urlunsplit((scheme, netloc, parts.path or "/", parts.query, ""))
    return Target(url=url, pinned_url=pinned, host=host, address=address)
