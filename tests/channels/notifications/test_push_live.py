"""Web Push on a live server (issue 46 "Done when"): a server process started with a VAPID key
in its settings, as an operator starts one, sends a turn change to a browser's subscription
by its own delivery loop (the notifier its lifespan starts, at its production pace), and the
local push service decrypts it to each reader's notification, in their language, the VAPID
token verified against the key the server publishes.

Nothing here calls the pipeline: the players act over HTTP, and the test only waits for
what the push service receives.
"""

import asyncio
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest

from tests.conftest import _run, truncate_all
from tests.factories.flows import AuthUser, change_turn, register_and_login, start_game
from tests.factories.push import (
    SUBJECT,
    Browser,
    Pushed,
    PushService,
    assert_vapid,
    server_key,
    subscribe,
    vapid_private_key,
)
from tests.factories.push import push_service as push_service  # a fixture
from tests.factories.servers import WAIT, ServerProcess, server_process, wait_ready


@pytest.fixture(scope="module")
def live(database_url: str) -> Iterator[ServerProcess]:
    """A server process with push on (a key made here), allowed to post to the push service
    on loopback as the webhook tests allow it (never in production)."""
    with server_process(
        "push",
        database_url,
        vapid_private_key=vapid_private_key(),
        vapid_subject=SUBJECT,
        webhooks_allow_loopback="true",
    ) as server:
        yield server
    _run(lambda: truncate_all(database_url))


@pytest.fixture
async def client(live: ServerProcess) -> AsyncIterator[httpx.AsyncClient]:
    async with asyncio.timeout(WAIT):
        await wait_ready(live)
    async with httpx.AsyncClient(base_url=live.base_url, timeout=WAIT) as found:
        yield found


async def told(push_service: PushService, path: str, browser: Browser, tag: str) -> list[Pushed]:
    """The messages posted to `path`, once one tagged `tag` has arrived (the server's loop
    sends at its own pace: a pass every 5 seconds)."""
    async with asyncio.timeout(WAIT):
        while True:
            messages = push_service.of(path)
            if any(browser.read(m)["tag"] == tag for m in messages):
                return messages
            await asyncio.sleep(0.1)


async def test_a_turn_change_reaches_each_players_browser_in_their_language(
    client: httpx.AsyncClient, push_service: PushService
) -> None:
    async def make_user(username: str | None = None, **_: object) -> AuthUser:
        return await register_and_login(client)

    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    p1, p2 = game.players
    french = await client.patch("/v1/users/me", json={"language": "fr"}, headers=p2.headers)
    assert french.status_code == 200, french.text
    browsers = {1: Browser(), 2: Browser()}
    endpoints = {n: push_service.url(f"/p{n}") for n in browsers}
    for player in (p1, p2):
        n = player.number
        await subscribe(client, player.user, browsers[n], endpoints[n])

    await change_turn(client, game)  # over HTTP: everyone ready, the owner confirms

    key = await server_key(client)
    said = {}
    for n, browser in browsers.items():
        tag = f"{game.id}:turn_started:turn"
        messages = await told(push_service, f"/p{n}", browser, tag)
        for message in messages:
            assert_vapid(message, key, endpoints[n])
        (said[n],) = [browser.read(m) for m in messages if browser.read(m)["tag"] == tag]
        # Encrypted to this browser alone: another one's keys read nothing.
        with pytest.raises(Exception):  # noqa: B017, PT011 - any failure to decrypt
            Browser().read(messages[0])
    assert said[1]["body"].startswith("Turn 2 of Test campaign has begun")
    assert said[2]["body"].startswith("Le tour 2 de Test campaign a commencé")
    assert said[2]["url"] == f"/campaigns/{game.id}"
    # Nothing more than the reader's own inbox item.
    inbox = await client.get("/v1/notifications", headers=p2.headers)
    assert said[2]["body"] in {item["text"] for item in inbox.json()["items"]}
