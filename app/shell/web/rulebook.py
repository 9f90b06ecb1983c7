"""The players' rulebook as an HTML page, in each language the server speaks: `/rules` (English,
docs/rules.md) and `/rules/fr` (docs/rules.fr.md), one anchor per rule id, so that a problem's
`help` (`/rules#R-ECO-1`, app.platform.errors.rule_help) opens its rule from any page.

Rendered once per process from the Markdown the documentation site is built from (the
Dockerfile copies both files); its links to other pages of that site, which the server does not
serve, are kept as plain text.
"""

import base64
import hashlib
import html
import xml.etree.ElementTree as etree
from collections.abc import Awaitable, Callable
from functools import cache
from pathlib import Path

import anyio.to_thread
import markdown
from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from markdown.treeprocessors import Treeprocessor

from app.platform.errors import RULEBOOK_PAGES
from app.platform.i18n import Language

DOCS = Path(__file__).resolve().parents[3] / "docs"
SOURCES: dict[Language, str] = {"en": "rules.md", "fr": "rules.fr.md"}
_TITLES: dict[Language, str] = {"en": "Marchlords: the rulebook", "fr": "Marchlords : les règles"}
_OTHER: dict[Language, tuple[Language, str]] = {"en": ("fr", "Français"), "fr": ("en", "English")}
_STYLE = (
    "body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:0 auto;padding:1rem;"
    "color:#1b1b1b;background:#fff}"
    # A table fits a 375 px phone: its cells wrap, even inside a word (issue 44).
    "table{border-collapse:collapse;width:100%}"
    "td,th{border:1px solid #bbb;padding:.2rem .4rem;overflow-wrap:anywhere}"
    "code{background:#f2f2f2;padding:0 .2rem;overflow-wrap:anywhere}"
    "p:has(>a:target){background:#fff3b0}"  # the rule a link opened
    "nav{text-align:right}"
)


def _sha256(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


# Nothing loads but the page's one <style>; no script, no frame, no form.
RULEBOOK_CSP = (
    f"default-src 'none'; style-src 'sha256-{_sha256(_STYLE)}'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)


class _SiteLinksAsText(Treeprocessor):
    """Links to other pages of the documentation site become their text (the server does not
    serve them); links within the page stay."""

    def run(self, root: etree.Element) -> None:
        for link in root.iter("a"):
            href = link.get("href")
            if href is not None and not href.startswith("#"):
                link.tag = "span"
                del link.attrib["href"]


class _SiteLinks(markdown.Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.treeprocessors.register(_SiteLinksAsText(md), "site_links_as_text", 0)


@cache
def rulebook_html(language: Language) -> str:
    """The rulebook page in `language` (raw HTML of the source, its rule anchors, passes)."""
    source = (DOCS / SOURCES[language]).read_text(encoding="utf-8")
    body = markdown.markdown(source, extensions=["toc", "attr_list", "tables", _SiteLinks()])
    other, name = _OTHER[language]
    return (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(_TITLES[language])}</title><style>{_STYLE}</style></head>"
        f'<body><nav><a href="{RULEBOOK_PAGES[other]}" lang="{other}" hreflang="{other}">'
        f"{name}</a></nav><main>{body}</main></body></html>"
    )


def install_rulebook(app: FastAPI) -> None:
    """Add `GET /rules` and `GET /rules/fr` (HTML, outside the contract, like the docs)."""
    for language, path in RULEBOOK_PAGES.items():
        app.add_api_route(
            path,
            _page(language),
            methods=["GET"],
            include_in_schema=False,
            name=f"rulebook_{language}",
        )


def _page(language: Language) -> Callable[[], Awaitable[HTMLResponse]]:
    async def page() -> HTMLResponse:
        # Rendered once per process (a quarter of a second for both), off the event loop.
        text = await anyio.to_thread.run_sync(rulebook_html, language)
        return HTMLResponse(
            text,
            headers={
                "Content-Security-Policy": RULEBOOK_CSP,
                "Content-Language": language,
                "Cache-Control": "no-cache",
            },
        )

    return page
