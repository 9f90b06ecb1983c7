"""Security headers on every response, as a pure ASGI middleware (event streams pass through
untouched: nothing is buffered but the small HTML pages of the API docs and the SVG pictures).

- `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` everywhere;
- `Content-Security-Policy`: for the JSON API nothing may load and nothing may frame it (a
  response that set its own keeps it: the web client's pages, app/shell/web/client.py, and the
  rulebook, app/shell/web/rulebook.py); for the docs pages (Swagger UI at /docs, ReDoc at
  /redoc, app/shell/web/docs.py) exactly what they load, all from this origin: their scripts,
  styles and favicon, the inline script of Swagger UI by its hash, and `fetch` of
  /openapi.json;
  for an SVG picture (`image/svg+xml`: the pictures, small and whole, are held back to hash
  them) exactly its own `<style>` elements, by their hash;
- `Strict-Transport-Security` when enabled and the request came over TLS (the scheme after the
  trusted proxies' `X-Forwarded-Proto`, app.shell.limits).
"""

import base64
import hashlib
import re
from xml.etree import ElementTree

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.rules.texts import fill

API_CSP = "default-src 'none'; frame-ancestors 'none'"
_DOCS_CSP = (
    "default-src 'none'; "
    "script-src 'self'{hashes}; "
    # Swagger UI and ReDoc set style attributes and inject <style> elements at run time.
    "style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; "
    "connect-src 'self'; "
    "worker-src blob:; "  # ReDoc runs its search in a worker made from a blob
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)
_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)
# Text in a picture is escaped (`&lt;`), so every `<style` in one opens a style element.
_STYLE_ELEMENT = re.compile(rb"<style(?:\s[^>]*)?>(.*?)</style>", re.DOTALL)
_CSP = b"content-security-policy"
_CONTENT_TYPE = b"content-type"
_SVG = b"image/svg+xml"
_STATIC = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


def _sha256_source(text: bytes) -> str:
    return f"'sha256-{base64.b64encode(hashlib.sha256(text).digest()).decode()}'"


def docs_csp(html: bytes) -> str:
    """The docs policy allowing exactly the inline scripts of `html` (by their SHA-256)."""
    hashes = "".join(f" {_sha256_source(script)}" for script in _INLINE_SCRIPT.findall(html))
    return fill(_DOCS_CSP, {"hashes": hashes})


def style_texts(document: bytes) -> list[bytes]:
    """The text of each `<style>` element of an SVG (XML) document as the browser's DOM holds
    it, which is what a CSP hash is taken of: CDATA sections unwrapped (drawsvg wraps its CSS in
    one), character references resolved."""
    texts = []
    for raw in _STYLE_ELEMENT.findall(document):
        # Our own rendered picture, never a client's input: the standard parser is safe here.
        element = ElementTree.fromstring(b"<style>" + raw + b"</style>")  # noqa: S314
        text = element.text or ""
        texts.append(text.encode())
    return texts


def picture_csp(document: bytes) -> str:
    """The policy of an SVG picture opened by itself (a link in a chat or an email): nothing
    loads and nothing frames it; its own `<style>` elements apply, allowed by the SHA-256 of
    their text (no other style, no style attribute, no script); without one, the API's policy.
    Computed from the document sent, so it cannot drift from what the pictures draw."""
    styles = style_texts(document)
    if not styles:
        return API_CSP
    hashes = " ".join(dict.fromkeys(_sha256_source(text) for text in styles))
    return f"default-src 'none'; style-src {hashes}; frame-ancestors 'none'"


def _is_picture(start: Message) -> bool:
    """Whether a response is an SVG picture with no policy of its own: its policy is computed
    from its document."""
    headers = start.get("headers", [])
    return not any(name.lower() == _CSP for name, _ in headers) and any(
        name.lower() == _CONTENT_TYPE and value.split(b";")[0].strip() == _SVG
        for name, value in headers
    )


class SecurityHeadersMiddleware:
    """Add the security headers to every HTTP response."""

    def __init__(self, app: ASGIApp, *, docs_paths: tuple[str, ...], hsts_max_age: int) -> None:
        self.app = app
        self.docs_paths = frozenset(docs_paths)
        self.hsts = f"max-age={hsts_max_age}".encode() if hsts_max_age else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = list(_STATIC)
        if self.hsts is not None and scope.get("scheme") == "https":
            extra.append((b"strict-transport-security", self.hsts))
        if scope["path"] in self.docs_paths:
            await self._docs(scope, receive, send, extra)
            return

        picture_start: Message | None = None
        picture = b""

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), *extra]
                # The web client's pages (app/shell/web/client.py) bring their own policy.
                if not any(name.lower() == _CSP for name, _ in headers):
                    headers.append((_CSP, API_CSP.encode()))
                message = {**message, "headers": headers}
            await send(message)

        async def send_picture_or_headers(message: Message) -> None:
            nonlocal picture_start, picture
            if message["type"] == "http.response.start" and _is_picture(message):
                picture_start = message
                return
            if picture_start is None:
                await send_with_headers(message)
                return
            if message["type"] == "http.response.body":
                picture += message.get("body", b"")
                if message.get("more_body", False):
                    return
                headers = [*picture_start.get("headers", []), *extra]
                headers.append((_CSP, picture_csp(picture).encode()))
                await send({**picture_start, "headers": headers})
                await send({"type": "http.response.body", "body": picture})
                return
            await send(message)

        await self.app(scope, receive, send_picture_or_headers)

    async def _docs(
        self, scope: Scope, receive: Receive, send: Send, extra: list[tuple[bytes, bytes]]
    ) -> None:
        # The page is small and whole: hold it back to hash its inline scripts.
        start: Message | None = None
        body = b""

        async def buffering_send(message: Message) -> None:
            nonlocal start, body
            if message["type"] == "http.response.start":
                start = message
                return
            if message["type"] == "http.response.body":
                body += message.get("body", b"")
                if message.get("more_body", False):
                    return
                if start is None:  # not ASGI: the start always comes first
                    raise RuntimeError("response body before its start")
                headers = [*start.get("headers", []), *extra]
                headers.append((_CSP, docs_csp(body).encode()))
                await send({**start, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
            await send(message)

        await self.app(scope, receive, buffering_send)
