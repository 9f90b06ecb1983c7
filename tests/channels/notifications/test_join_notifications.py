"""Who hears of asks to join (R-CAMP-11): the owner of a new ask on their channels (inbox,
their personal webhook in the campaign, email), the asker of the owner's answer (inbox, email:
no member before it, they have no webhook there)."""

import uuid

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import WebhookDelivery
from tests.factories.flows import MakeUser, ok, start_game
from tests.factories.lobbies import PUBLIC, answer, ask, inbox_kinds
from tests.factories.webhooks import Receiver, register
from tests.factories.webhooks import app as app  # a fixture: loopback webhooks allowed
from tests.factories.webhooks import loopback_settings as loopback_settings  # a fixture
from tests.factories.webhooks import receiver as receiver  # a fixture


async def test_R_CAMP_11_the_owner_hears_of_an_ask_and_the_asker_of_the_answer(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, receiver: Receiver
) -> None:
    game = await start_game(client, make_user, settings=PUBLIC)
    alice = game.players[0]
    await register(client, game, alice.headers, receiver.url("/owner"))
    opened = await client.put(game.url("/players/2/open"), headers=alice.headers)
    assert opened.status_code == 204, opened.text
    erin = await make_user()
    first = await ask(client, erin, game.id, 2)
    await ask(client, erin, game.id, 2, status=200)  # the same ask again tells nobody twice
    assert (await inbox_kinds(client, alice.user)).count("join_requested") == 1
    hooked = await session.scalars(
        select(WebhookDelivery.kind).where(WebhookDelivery.campaign_id == uuid.UUID(game.id))
    )
    assert list(hooked) == ["join_requested"]
    declined = await answer(client, game.id, first["id"], alice.user, "decline")
    assert declined.status_code == 204, declined.text
    assert await inbox_kinds(client, erin) == ["join_declined"]
    again = await ask(client, erin, game.id, 2)
    await ok(await answer(client, game.id, again["id"], alice.user, "accept"))
    assert await inbox_kinds(client, erin) == ["join_accepted", "join_declined"]
    # Nobody else hears of it.
    assert "join_requested" not in await inbox_kinds(client, game.players[1].user)
