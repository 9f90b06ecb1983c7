"""Anonymity (R-CAMP-5) against a seat that changes hands: a battle's names are those of whoever
held its seats in it, told to them alone.

The attack: under anonymity, seats 1 and 2 fight a battle (its two sides see each other's real
names, to meet and play it); then seat 2 changes hands. The newcomer never met player 1, and
player 1 never met the newcomer: nothing either reads may name the other — not the battle, not
the list of battles, not the veteran history of the armies that fought it. A third player, who
watched the battle from the next tile, is told no name at all.
"""

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession

from tests.factories.battles import act, field_battle, result
from tests.factories.flows import (
    AuthUser,
    Game,
    MakeUser,
    change_turn,
    export_campaign,
    ok,
    start_game,
)
from tests.factories.lobbies import answer, ask
from tests.factories.planting import place
from tests.factories.seat_offers import accept, hand_over_accepted

ROLES = ("owner", "first", "second", "third", "newcomer")


@dataclass(frozen=True)
class Scene:
    game: Game
    users: dict[str, AuthUser]
    names: dict[str, str]  # role → display name
    battle_id: int
    armies: tuple[int, int]  # player 1's army, player 2's

    def headers(self, role: str) -> dict[str, str]:
        return self.users[role].headers


async def _fought(client: AsyncClient, make_user: MakeUser, session: AsyncSession) -> Scene:
    """An anonymous campaign with a game master; player 1 attacks player 2 and player 2
    confirms player 1's report; player 3's army stands next to the battle."""
    names = {role: f"Baron {role} {uuid.uuid4().hex[:10]}" for role in ROLES}
    users = {role: await make_user(display_name=names[role]) for role in ROLES}
    queue: Iterator[AuthUser] = iter(users[r] for r in ROLES if r != "newcomer")

    async def next_user(username: str | None = None, **kwargs: Any) -> AuthUser:
        return next(queue)

    game = await start_game(
        client,
        next_user,
        ("empire", "orcs_goblins", "dwarfs"),
        settings={"anonymity": True, "public": True},
        owner_plays=False,
    )
    await place(session, game, 3, (6, 1))
    battle, a1, a2 = await field_battle(client, session, game)
    first, second = game.players[0].headers, game.players[1].headers
    await ok(await act(client, game, first, battle["id"], "report", result("draw", 10, 10)))
    await ok(await act(client, game, second, battle["id"], "confirm"))
    return Scene(game, users, names, battle["id"], (a1, a2))


async def _handed_over(client: AsyncClient, s: Scene, way: str = "handover") -> None:
    """Seat 2 changes hands: the game master hands it to the newcomer, who accepts (R-CAMP-6);
    or opens it to newcomers and says yes to the newcomer asking for it (R-CAMP-12)."""
    owner, newcomer = s.headers("owner"), s.users["newcomer"]
    if way == "handover":
        await hand_over_accepted(client, s.game, 2, newcomer, owner)
        return
    opened = await client.put(s.game.url("/players/2/open"), headers=owner)
    assert opened.status_code == 204, opened.text
    asked = await ask(client, newcomer, s.game.id, number=2)
    accepted = await answer(client, s.game.id, asked["id"], s.users["owner"], "accept")
    assert accepted.status_code == 200, accepted.text


async def _reads(client: AsyncClient, s: Scene, role: str) -> dict[str, Any]:
    """What `role` reads of the battle: their armies, the list of battles, the battle."""
    headers = s.headers(role)
    return {
        "armies": await ok(await client.get(s.game.url("/armies"), headers=headers)),
        "battles": await ok(await client.get(s.game.url("/battles"), headers=headers)),
        "battle": await ok(
            await client.get(s.game.url(f"/battles/{s.battle_id}"), headers=headers)
        ),
    }


def _found(reads: dict[str, Any], s: Scene, *roles: str) -> list[str]:
    """Which of these roles' display names appear in which read."""
    return [
        f"{role} in {what}"
        for what, body in reads.items()
        for role in roles
        if s.names[role] in str(body)
    ]


def _sides(battle: dict[str, Any]) -> dict[int, str]:
    sides = (battle["attacker"], battle["defender"])
    return {p["number"]: p["name"] for side in sides for p in side["players"]}


def _veteran_opponents(armies: dict[str, Any], army_id: int) -> list[dict[str, Any]]:
    (army,) = [a for a in armies["mine"] if a["id"] == army_id]
    return [o for fought in army["veteran"] for o in fought["opponents"]]


@pytest.mark.parametrize("way", ["handover", "open seat"])
async def test_a_battle_names_to_its_side_the_holder_it_fought_not_the_seats_newcomer(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, way: str
) -> None:
    s = await _fought(client, make_user, session)
    await _handed_over(client, s, way)
    reads = await _reads(client, s, "first")
    assert _found(reads, s, "newcomer") == []
    old = s.names["second"]
    assert _veteran_opponents(reads["armies"], s.armies[0]) == [{"number": 2, "name": old}]
    (listed,) = [b for b in reads["battles"]["items"] if b["id"] == s.battle_id]
    assert _sides(listed)[2] == old
    assert _sides(reads["battle"])[2] == old


async def test_the_newcomer_and_an_onlooker_are_told_no_name_the_battle_revealed(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    s = await _fought(client, make_user, session)
    onlooker = await _reads(client, s, "third")
    assert _sides(onlooker["battle"]) == {1: "Player A", 2: "Player B"}
    await _handed_over(client, s)
    newcomer = await _reads(client, s, "newcomer")
    # The seat's armies keep their history; its opponents stay "Player A" to the newcomer, and
    # the seat's former holder is not named to them either (R-CAMP-6).
    assert _found(newcomer, s, "first", "second") == []
    assert _veteran_opponents(newcomer["armies"], s.armies[1]) == [
        {"number": 1, "name": "Player A"}
    ]
    assert _sides(newcomer["battle"]) == {1: "Player A", 2: "Player B"}
    onlooker = await _reads(client, s, "third")
    assert _found(onlooker, s, "first", "second", "newcomer") == []
    assert _sides(onlooker["battle"]) == {1: "Player A", 2: "Player B"}


async def test_a_rolled_back_turn_keeps_who_fought_the_battles_it_restores(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The turn change after the battle keeps it, with its holders, in the snapshot a rollback
    restores (R-TURN-6): rolled back after the handover, it still names who fought it."""
    s = await _fought(client, make_user, session)
    await change_turn(client, s.game)
    await _handed_over(client, s)
    rolled = await client.post(s.game.url("/turn/rollback"), headers=s.headers("owner"))
    assert rolled.status_code == 200, rolled.text
    first = await _reads(client, s, "first")
    assert _found(first, s, "newcomer") == []
    assert _sides(first["battle"])[2] == s.names["second"]
    newcomer = await _reads(client, s, "newcomer")
    assert _found(newcomer, s, "first", "second") == []


async def test_a_copy_names_none_of_its_players_by_the_battles_the_original_fought(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """Who held a battle's seats are users of this server: they never travel in an export, an
    import cannot name them (422), and the copy's players — who fought none of the copy's past
    battles — are not told each other's names by them. The copy exports as the original did."""
    s = await _fought(client, make_user, session)
    document = await export_campaign(client, s.game.id, s.users["owner"])
    battles = document["state"]["tables"]["battles"]
    assert battles
    assert all("holders" not in b for b in battles)
    importer = await make_user()
    carol, dave, erin = [await make_user(display_name=f"Copyist {uuid.uuid4().hex}") for _ in "cde"]
    seats = {"1": carol.username, "2": dave.username, "3": erin.username}
    forged = {**document, "state": {**document["state"], "tables": {**document["state"]["tables"]}}}
    held = {"1": str(carol.id), "2": str(s.users["second"].id)}
    forged["state"]["tables"]["battles"] = [{**b, "holders": held} for b in battles]
    refused = await client.post(
        "/v1/campaigns/import", json={"document": forged, "seats": seats}, headers=importer.headers
    )
    assert refused.status_code == 422, refused.text
    imported = await client.post(
        "/v1/campaigns/import",
        json={"document": document, "seats": seats},
        headers=importer.headers,
    )
    assert imported.status_code == 201, imported.text
    copy_id = imported.json()["id"]
    for user in (carol, dave):
        await accept(client, user, copy_id)
    read = await ok(
        await client.get(f"/v1/campaigns/{copy_id}/battles/{s.battle_id}", headers=carol.headers)
    )
    assert _sides(read) == {1: "Player A", 2: "Player B"}
    copy = await export_campaign(client, copy_id, importer)
    assert copy["state"]["tables"]["battles"] == battles
