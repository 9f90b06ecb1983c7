"""Which URLs the server may post to (outbound safety, SSRF).

An endpoint is `https://` on a public address. Its host is resolved, and every address it
resolves to must be globally reachable, as IANA's special-purpose address registries say
(the table below, not `ipaddress.is_global`, whose answers differ between Python versions:
3.11 counts 192.0.0.0/24 and fec0::/10 as global). An IPv4 address mapped in IPv6
(::ffff:a.b.c.d) or translated by NAT64 (64:ff9b::a.b.c.d) is judged by the IPv4 address it
carries; 6to4 and Teredo addresses, whose registry entries are not globally reachable
("N/A"), and the deprecated IPv4-compatible ones are refused whatever they carry.
`MARCHLORDS_WEBHOOKS_ALLOW_LOOPBACK` also allows loopback addresses (then `http://` too), for
development and tests.

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

from app.platform.i18n import _

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

RESOLVE_TIMEOUT_SECONDS = 5.0
MAX_URL_LENGTH = 2048


@dataclass(frozen=True)
class SpecialBlock:
    """One entry of an IANA special-purpose address registry."""

    network: IPNetwork
    name: str
    # The registry's "Globally Reachable": None where it says N/A (or nothing: terminated).
    globally_reachable: bool | None


def _blocks(rows: list[tuple[str, str, bool | None]]) -> tuple[SpecialBlock, ...]:
    blocks = [SpecialBlock(ipaddress.ip_network(net), name, g) for net, name, g in rows]
    # Most specific first: a registry's exceptions (192.0.0.9/32 inside 192.0.0.0/24,
    # 2001:1::1/128 inside 2001::/23, …) win over the block that holds them.
    return tuple(sorted(blocks, key=lambda b: -b.network.prefixlen))


# IANA IPv4 Special-Purpose Address Registry
# (https://www.iana.org/assignments/iana-ipv4-special-registry), as it stood at the IPv6
# registry's last update below (2025-10-09). Every entry, its "Globally Reachable" column.
IPV4_SPECIAL = _blocks(
    [
        ("0.0.0.0/8", '"This network"', False),
        ("0.0.0.0/32", '"This host on this network"', False),
        ("10.0.0.0/8", "Private-Use", False),
        ("100.64.0.0/10", "Shared Address Space", False),
        ("127.0.0.0/8", "Loopback", False),
        ("169.254.0.0/16", "Link Local", False),
        ("172.16.0.0/12", "Private-Use", False),
        ("192.0.0.0/24", "IETF Protocol Assignments", False),
        ("192.0.0.0/29", "IPv4 Service Continuity Prefix", False),
        ("192.0.0.8/32", "IPv4 dummy address", False),
        ("192.0.0.9/32", "Port Control Protocol Anycast", True),
        ("192.0.0.10/32", "Traversal Using Relays around NAT Anycast", True),
        ("192.0.0.170/32", "NAT64/DNS64 Discovery", False),
        ("192.0.0.171/32", "NAT64/DNS64 Discovery", False),
        ("192.0.2.0/24", "Documentation (TEST-NET-1)", False),
        ("192.31.196.0/24", "AS112-v4", True),
        ("192.52.193.0/24", "AMT", True),
        ("192.88.99.0/24", "Deprecated (6to4 Relay Anycast)", None),  # terminated 2015-03
        ("192.88.99.2/32", "6a44-relay anycast address", False),
        ("192.168.0.0/16", "Private-Use", False),
        ("192.175.48.0/24", "Direct Delegation AS112 Service", True),
        ("198.18.0.0/15", "Benchmarking", False),
        ("198.51.100.0/24", "Documentation (TEST-NET-2)", False),
        ("203.0.113.0/24", "Documentation (TEST-NET-3)", False),
        ("240.0.0.0/4", "Reserved", False),
        ("255.255.255.255/32", "Limited Broadcast", False),
    ]
)

# IANA IPv6 Special-Purpose Address Registry
# (https://www.iana.org/assignments/iana-ipv6-special-registry), last updated 2025-10-09.
IPV6_SPECIAL = _blocks(
    [
        ("::1/128", "Loopback Address", False),
        ("::/128", "Unspecified Address", False),
        ("::ffff:0:0/96", "IPv4-mapped Address", False),  # judged by its IPv4 address
        ("64:ff9b::/96", "IPv4-IPv6 Translat.", True),  # judged by its IPv4 address
        ("64:ff9b:1::/48", "IPv4-IPv6 Translat. (local use)", False),
        ("100::/64", "Discard-Only Address Block", False),
        ("100:0:0:1::/64", "Dummy IPv6 Prefix", False),
        ("2001::/23", "IETF Protocol Assignments", False),
        ("2001::/32", "TEREDO", None),
        ("2001:1::1/128", "Port Control Protocol Anycast", True),
        ("2001:1::2/128", "Traversal Using Relays around NAT Anycast", True),
        ("2001:1::3/128", "DNS-SD Service Registration Protocol Anycast", True),
        ("2001:2::/48", "Benchmarking", False),
        ("2001:3::/32", "AMT", True),
        ("2001:4:112::/48", "AS112-v6", True),
        ("2001:10::/28", "Deprecated (previously ORCHID)", False),
        ("2001:20::/28", "ORCHIDv2", True),
        ("2001:30::/28", "Drone Remote ID Protocol Entity Tags (DETs) Prefix", True),
        ("2001:db8::/32", "Documentation", False),
        ("2002::/16", "6to4", None),
        ("2620:4f:8000::/48", "Direct Delegation AS112 Service", True),
        ("3fff::/20", "Documentation", False),
        ("5f00::/16", "Segment Routing (SRv6) SIDs", False),
        ("fc00::/7", "Unique-Local", False),
        ("fe80::/10", "Link-Local Unicast", False),
    ]
)

# Outside the special-purpose registries: IPv4 multicast (the IPv4 Multicast Address Space
# registry) is never a unicast destination, and of IPv6 only 2000::/3 is global unicast (the
# IPv6 Address Space registry): the rest is multicast (ff00::/8), deprecated site-local
# (fec0::/10, RFC 3879), or reserved by the IETF (::/8 with the IPv4-compatible addresses,
# …), except the two forms that carry an IPv4 address, judged by it.
IPV4_MULTICAST = ipaddress.IPv4Network("224.0.0.0/4")
IPV6_GLOBAL_UNICAST = ipaddress.IPv6Network("2000::/3")
IPV4_MAPPED = ipaddress.IPv6Network("::ffff:0:0/96")
NAT64_WELL_KNOWN = ipaddress.IPv6Network("64:ff9b::/96")
IPV4_LOOPBACK = ipaddress.IPv4Network("127.0.0.0/8")
IPV6_LOOPBACK = ipaddress.IPv6Address("::1")


class UnsafeURL(ValueError):
    """The URL may not be posted to; the message says why (it names nothing internal)."""


@dataclass(frozen=True)
class Target:
    """A checked URL and the address its connection must go to."""

    url: str  # as registered
    pinned_url: str  # the same, with the checked address instead of the host name
    host: str  # for the Host header and TLS SNI
    address: IPAddress


def special_block(address: IPAddress) -> SpecialBlock | None:
    """The most specific registry entry holding `address`, if any."""
    table = IPV4_SPECIAL if isinstance(address, ipaddress.IPv4Address) else IPV6_SPECIAL
    for block in table:
        if address in block.network:
            return block
    return None


def _judged(address: IPAddress) -> IPAddress:
    """The address a mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) one stands for."""
    if isinstance(address, ipaddress.IPv6Address) and (
        address in IPV4_MAPPED or address in NAT64_WELL_KNOWN
    ):
        return ipaddress.IPv4Address(int(address) & 0xFFFF_FFFF)
    return address


def _is_loopback(address: IPAddress) -> bool:
    judged = _judged(address)
    if isinstance(judged, ipaddress.IPv4Address):
        return judged in IPV4_LOOPBACK
    return judged == IPV6_LOOPBACK


def refusal(address: IPAddress) -> str | None:
    """Why the server may not connect to `address` (None: it is globally reachable)."""
    judged = _judged(address)
    block = special_block(judged)
    if block is not None and block.globally_reachable is not True:
        return block.name
    if isinstance(judged, ipaddress.IPv4Address):
        return "Multicast" if judged in IPV4_MULTICAST else None
    if block is None and judged not in IPV6_GLOBAL_UNICAST:
        return "outside IPv6 global unicast, 2000::/3"
    return None


def check_address(address: IPAddress, *, allow_loopback: bool) -> None:
    """Raise UnsafeURL unless the server may connect to `address`."""
    if _is_loopback(address):
        if allow_loopback:
            return
        raise UnsafeURL(_("The URL points to a loopback address."))
    why = refusal(address)
    if why is not None:
        raise UnsafeURL(_("The URL points to an address that is not public ({why}).", why=why))


def parse(url: str, *, allow_loopback: bool) -> tuple[str, str, int]:
    """Scheme, host and port of a URL that may be registered (before resolving it)."""
    if len(url) > MAX_URL_LENGTH:
        raise UnsafeURL(_("The URL is too long."))
    if any(c.isspace() or ord(c) < 0x20 or ord(c) == 0x7F for c in url):
        raise UnsafeURL(_("The URL may not contain spaces or control characters."))
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:  # e.g. an unclosed or invalid [IPv6] literal
        raise UnsafeURL(_("The URL cannot be read.")) from None
    scheme = parts.scheme.lower()
    if scheme not in ("https", "http"):
        raise UnsafeURL(_("The URL must start with https://."))
    if scheme == "http" and not allow_loopback:
        raise UnsafeURL(_("The URL must use https."))
    if parts.username is not None or parts.password is not None:
        raise UnsafeURL(_("The URL may not carry a user name or password."))
    if parts.fragment:
        raise UnsafeURL(_("The URL may not have a fragment (#…)."))
    if not host:
        raise UnsafeURL(_("The URL has no host."))
    try:
        port = parts.port or (443 if scheme == "https" else 80)
    except ValueError:
        raise UnsafeURL(_("The URL's port is not a number from 1 to 65535.")) from None
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
        raise UnsafeURL(_("The URL's host name cannot be resolved.")) from None
    found: list[IPAddress] = []
    for info in infos:
        text = str(info[4][0]).split("%", 1)[0]  # an IPv6 scope id is not part of the address
        found.append(ipaddress.ip_address(text))
    if not found:
        raise UnsafeURL(_("The URL's host name cannot be resolved."))
    return found


async def check(url: str, *, allow_loopback: bool) -> Target:
    """The URL's target, if every address its host resolves to may be connected to."""
    scheme, host, port = parse(url, allow_loopback=allow_loopback)
    addresses = await _addresses(host, port)
    for address in addresses:
        check_address(address, allow_loopback=allow_loopback)
    if scheme == "http" and not all(_is_loopback(a) for a in addresses):
        raise UnsafeURL(_("The URL must use https."))
    address = addresses[0]
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped  # connect over IPv4, where it really is
    parts = urlsplit(url)
    literal = f"[{address}]" if address.version == 6 else str(address)
    netloc = f"{literal}:{parts.port}" if parts.port else literal
    pinned = urlunsplit((scheme, netloc, parts.path or "/", parts.query, ""))
    return Target(url=url, pinned_url=pinned, host=host, address=address)
