"""Every pair of writes that touch the same player or turn, raced for real.

Each round starts a fresh game on an app whose requests really commit, each on its own
connection, fires the two writes at once, and checks the books afterwards: gold ≥ 0 and
gold = Σ ledger for every player (R-ECO-1, R-ECO-6), exactly one turn change per turn
(R-TURN-4), and every acknowledged write still visible. Without lock-then-read these fail
(a player row read before the campaign lock was written back after it).
"""

import uuid
from typing import Any

from sqlalchemy import select

from app.store.models import BattleRow, LedgerRow
from app.store.models.message import Message
from tests.factories.flows import THREE, create_lobby, join, my_army
from tests.factories.races import (
    AUTO_RESOLVE,
    Race,
    at_once,
    check_books,
    declare_battle,
    everyone_ready_but_last,
    ready_of,
    rounds,
    turn_number,
)
from tests.factories.races import race as race  # a fixture

# --------------------------------------------------------------------------- spend vs spend


@rounds
async def test_R_ECO_1_two_spends_racing_never_overspend(round_: int, race: Race) -> None:
    client = race.client
    # 9 gold: an outpost (3) or a tier upgrade (8), never both.
    game = await race.start(ruleset={"starting_gold": 9})
    alice = game.players[0]
    army = await my_army(client, game, alice)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1]]}, headers=alice.headers
    )
    assert moved.status_code == 200, moved.text
    outpost, upgrade = await at_once(
        client.post(
            game.url("/builds"),
            json={"kind": "outpost", "q": 3, "r": 1, "army_id": army["id"]},
            headers=alice.headers,
        ),
        client.post(game.url(f"/armies/{army['id']}/upgrade"), headers=alice.headers),
    )
    assert sorted([outpost.status_code, upgrade.status_code]) == [201, 422], (
        outpost.text,
        upgrade.text,
    )
    await check_books(race.engine, game.id)
    orders = (await client.get(game.url("/orders"), headers=alice.headers)).json()
    accepted = outpost if outpost.status_code == 201 else upgrade
    assert [o["id"] for o in orders if o["kind"] != "move"] == [accepted.json()["id"]]


# ---------------------------------------------------------------- spend vs the turn change


@rounds
async def test_R_ECO_6_spend_racing_the_turn_change_keeps_income_and_the_spend(
    round_: int, race: Race
) -> None:
    client = race.client
    game = await race.start(settings=AUTO_RESOLVE)
    alice, bob = game.players
    army = await my_army(client, game, alice)
    await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [[3, 1]]}, headers=alice.headers
    )
    assert (await client.put(game.url("/turn/ready"), headers=alice.headers)).status_code == 200
    spend, ready = await at_once(
        client.post(
            game.url("/builds"),
            json={"kind": "outpost", "q": 3, "r": 1, "army_id": army["id"]},
            headers=alice.headers,
        ),
        client.put(game.url("/turn/ready"), headers=bob.headers),
    )
    assert ready.status_code == 200, ready.text
    await check_books(race.engine, game.id)
    assert await turn_number(client, game) == 2
    if spend.status_code == 201:  # acknowledged: paid for in the ledger, and the order stands
        assert spend.json()["cost"] == 3
        async with race.engine.connect() as conn:
            lines = (
                await conn.scalars(
                    select(LedgerRow.amount).where(
                        LedgerRow.campaign_id == uuid.UUID(game.id),
                        LedgerRow.player == alice.number,
                        LedgerRow.amount == -3,
                    )
                )
            ).all()
        assert lines == [-3]
    else:  # after the change the army has used its move: refused, nothing paid
        assert spend.status_code in (409, 422), spend.text


# ------------------------------------------------------- edict and message vs the turn change


@rounds
async def test_R_DIP_2_edict_racing_the_turn_change_keeps_the_turns_income(
    round_: int, race: Race
) -> None:
    client = race.client
    game = await race.start(THREE, settings=AUTO_RESOLVE)
    alice, bob, carol = game.players
    await everyone_ready_but_last(client, game)
    edict, ready = await at_once(
        client.post(game.url("/edicts"), json={"kind": "embassy", "to": 2}, headers=alice.headers),
        client.put(game.url("/turn/ready"), headers=carol.headers),
    )
    assert edict.status_code == 201, edict.text
    assert ready.status_code == 200, ready.text
    await check_books(race.engine, game.id)
    assert await turn_number(client, game) == 2
    seen = await client.get(game.url(f"/edicts/{edict.json()['id']}"), headers=bob.headers)
    assert seen.status_code == 200, seen.text


@rounds
async def test_message_racing_the_turn_change_is_kept(round_: int, race: Race) -> None:
    client = race.client
    game = await race.start(settings=AUTO_RESOLVE)
    alice, bob = game.players
    await everyone_ready_but_last(client, game)
    message, ready = await at_once(
        client.post(game.url("/messages"), json={"to": [2], "body": "hi"}, headers=alice.headers),
        client.put(game.url("/turn/ready"), headers=bob.headers),
    )
    assert message.status_code == 201, message.text
    assert ready.status_code == 200, ready.text
    await check_books(race.engine, game.id)
    async with race.engine.connect() as conn:
        bodies = (
            await conn.scalars(
                select(Message.body).where(Message.campaign_id == uuid.UUID(game.id))
            )
        ).all()
    assert list(bodies) == ["hi"]


# ------------------------------------------------------------------ ready, withdraw, resolve


@rounds
async def test_R_TURN_2_ready_racing_the_owners_resolve_is_never_lost(
    round_: int, race: Race
) -> None:
    client = race.client
    game = await race.start()
    bob = game.players[1]
    for p in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=p.headers)).status_code == 200
    resolve, ready = await at_once(
        client.post(game.url("/turn/resolve"), headers=game.owner.headers),
        client.put(game.url("/turn/ready"), headers=bob.headers),
    )
    assert resolve.status_code == 200, resolve.text
    assert ready.status_code == 200, ready.text
    await check_books(race.engine, game.id)
    # The ready answered for the turn it names: if that is the current one, bob is ready in it.
    if ready.json()["number"] == await turn_number(client, game):
        assert await ready_of(client, game, bob.number)


@rounds
async def test_R_TURN_2_withdraw_racing_the_last_ready_is_never_lost(
    round_: int, race: Race
) -> None:
    client = race.client
    game = await race.start(THREE, settings=AUTO_RESOLVE)
    alice, carol = game.players[0], game.players[2]
    await everyone_ready_but_last(client, game)
    withdraw, ready = await at_once(
        client.delete(game.url("/turn/ready"), headers=alice.headers),
        client.put(game.url("/turn/ready"), headers=carol.headers),
    )
    assert withdraw.status_code == 200, withdraw.text
    assert ready.status_code == 200, ready.text
    await check_books(race.engine, game.id)
    turn = await turn_number(client, game)
    # Alice is never ready afterwards: her withdrawal came before the change, or the change
    # reset everyone. If it came first the turn waits, with carol's ready kept.
    assert not await ready_of(client, game, alice.number)
    if turn == 1:
        assert await ready_of(client, game, carol.number)
        assert withdraw.json()["number"] == ready.json()["number"] == 1
    else:
        assert turn == 2
        assert ready.json()["number"] == 2


# ------------------------------------------------------------------------------- battles


@rounds
async def test_R_BAT_5_confirm_racing_reject_settles_the_battle_once(
    round_: int, race: Race
) -> None:
    client = race.client
    game = await race.start()
    url = await declare_battle(client, race.engine, game)
    bob = game.players[1]
    confirm, reject = await at_once(
        client.post(url + "/confirm", headers=bob.headers),
        client.post(url + "/reject", json={"reason": "not so"}, headers=bob.headers),
    )
    assert sorted([confirm.status_code, reject.status_code]) == [200, 409], (
        confirm.text,
        reject.text,
    )
    await check_books(race.engine, game.id)
    async with race.engine.connect() as conn:
        status = await conn.scalar(
            select(BattleRow.status).where(BattleRow.campaign_id == uuid.UUID(game.id))
        )
    assert status == ("confirmed" if confirm.status_code == 200 else "rejected")


@rounds
async def test_R_TURN_3_confirm_racing_the_last_ready_changes_the_turn_once(
    round_: int, race: Race
) -> None:
    client = race.client
    game = await race.start(settings=AUTO_RESOLVE)
    url = await declare_battle(client, race.engine, game)
    alice, bob = game.players
    assert (await client.put(game.url("/turn/ready"), headers=alice.headers)).status_code == 200
    confirm, ready = await at_once(
        client.post(url + "/confirm", headers=bob.headers),
        client.put(game.url("/turn/ready"), headers=bob.headers),
    )
    assert confirm.status_code == 200, confirm.text
    assert ready.status_code == 200, ready.text
    await check_books(race.engine, game.id)
    # The battle was the last thing the turn waited for: whichever came last changed it.
    assert await turn_number(client, game) == 3


# ------------------------------------------------------------------------- join vs start


@rounds
async def test_R_CAMP_2_join_racing_start_seats_only_started_players(
    round_: int, race: Race
) -> None:
    client = race.client
    owner, bob, late = [await race.make_user() for _ in range(3)]
    lobby = await create_lobby(client, owner)
    await join(client, lobby, owner, "empire", 0)
    await join(client, lobby, bob, "orcs_goblins", 1)
    cid = lobby["id"]
    start, joined = await at_once(
        client.post(f"/v1/campaigns/{cid}/start", headers=owner.headers),
        client.post(
            f"/v1/campaigns/{cid}/players",
            json={"invite_code": lobby["invite_code"]},
            headers=late.headers,
        ),
    )
    assert sorted([start.status_code, joined.status_code]) in ([200, 409], [201, 409]), (
        start.text,
        joined.text,
    )
    campaign: dict[str, Any] = (
        await client.get(f"/v1/campaigns/{cid}", headers=owner.headers)
    ).json()
    players = (await client.get(f"/v1/campaigns/{cid}/players", headers=owner.headers)).json()
    if start.status_code == 200:
        assert campaign["status"] == "active"
        assert len(players) == 2
    else:
        assert campaign["status"] == "lobby"
        assert len(players) == 3
    await check_books(race.engine, cid)
