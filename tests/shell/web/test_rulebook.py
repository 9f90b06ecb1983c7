"""The rulebook served at /rules and /rules/fr: every problem's `help` link opens its rule, in
the problem's language, from any page of the server's origin (issue 44, bug 4)."""

import base64
import hashlib
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from httpx import AsyncClient

from tests.factories.flows import MakeUser, create_lobby
from tests.helpers import assert_problem

DOCS = Path(__file__).resolve().parents[3] / "docs"
SOURCES = {"/rules": DOCS / "rules.md", "/rules/fr": DOCS / "rules.fr.md"}
RULE_ANCHOR = re.compile(r'<a id="(R-[A-Z]+(?:-[0-9]+)?)"></a>')


def ids_of(html: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', html))


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_a_rule_problems_help_link_opens_the_rule_in_its_language(
    client: AsyncClient, make_user: MakeUser, language: str
) -> None:
    owner = await make_user()
    campaign = await create_lobby(client, owner)
    headers = {**owner.headers, "Accept-Language": language}
    response = await client.get(f"/v1/campaigns/{campaign['id']}/map", headers=headers)
    body = assert_problem(response, 409, "R-CAMP-2")

    # Followed as a browser would from a page of the client (`/campaigns/…`).
    link = urlsplit(str(response.request.url.join(body["help"])))
    assert (link.path, link.fragment) == (
        "/rules" if language == "en" else "/rules/fr",
        "R-CAMP-2",
    )
    page = await client.get(link.path)
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert page.headers["content-language"] == language
    assert f'<html lang="{language}">' in page.text
    assert "R-CAMP-2" in ids_of(page.text)


@pytest.mark.parametrize("path", ["/rules", "/rules/fr"])
async def test_the_rulebook_has_every_rule_and_no_dead_link(client: AsyncClient, path: str) -> None:
    page = await client.get(path)
    assert page.status_code == 200
    ids = ids_of(page.text)
    rules = set(RULE_ANCHOR.findall(SOURCES[path].read_text(encoding="utf-8")))
    assert len(rules) > 100
    assert rules <= ids
    for href in re.findall(r'\bhref="([^"]*)"', page.text):
        if href.startswith("#"):
            assert href[1:] in ids, href  # the contents' headings and rule references
        else:
            assert href in SOURCES, href  # the same rulebook in the other language


@pytest.mark.parametrize("path", ["/rules", "/rules/fr"])
async def test_the_rulebook_runs_nothing_and_loads_only_its_own_style(
    client: AsyncClient, path: str
) -> None:
    page = await client.get(path)
    policy = page.headers["content-security-policy"]
    styles = re.findall(r"<style>(.*?)</style>", page.text, re.DOTALL)
    assert len(styles) == 1
    digest = base64.b64encode(hashlib.sha256(styles[0].encode()).digest()).decode()
    assert policy == (
        f"default-src 'none'; style-src 'sha256-{digest}'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    )
    assert "<script" not in page.text
    assert page.headers["x-content-type-options"] == "nosniff"


async def test_a_rulebook_in_a_language_the_server_does_not_speak_is_a_404_problem(
    client: AsyncClient,
) -> None:
    assert_problem(await client.get("/rules/de"), 404, "not_found")
