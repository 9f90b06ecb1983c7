"""A whole campaign over HTTP: three players, lobby to standings over three turns (R-CAMP,
R-TURN, R-ECO, R-BUILD) — a group of players' whole game, as they would play it."""

from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession

from tests.factories.flows import Game, GamePlayer, MakeUser, gold_and_ledger, my_army, start_game
from tests.helpers import assert_problem


async def march_and_build_outpost(
    client: AsyncClient, game: Game, player: GamePlayer, to: tuple[int, int]
) -> None:
    army = await my_army(client, game, player)
    moved = await client.put(
        game.url(f"/armies/{army['id']}/move"), json={"path": [list(to)]}, headers=player.headers
    )
    assert moved.status_code == 200, moved.text
    built = await client.post(
        game.url("/builds"),
        json={"kind": "outpost", "q": to[0], "r": to[1], "army_id": army["id"]},
        headers=player.headers,
    )
    assert built.status_code == 201, built.text


async def end_turn(client: AsyncClient, game: Game) -> int:
    for player in game.players:
        ready = await client.put(game.url("/turn/ready"), headers=player.headers)
        assert ready.status_code == 200, ready.text
    # R-TURN-2: saying ready twice is not an error and changes nothing.
    again = await client.put(game.url("/turn/ready"), headers=game.players[1].headers)
    assert again.status_code == 200
    assert again.json()["blocked_by"] == []
    changed = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert changed.status_code == 200, changed.text
    number: int = changed.json()["number"]
    return number


async def test_three_players_play_three_turns_to_the_standings(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, ("empire", "dwarfs", "high_elves"))
    empire, dwarfs, elves = game.players

    # Turn 1: the Empire and the High Elves each take a neighbouring tile with an outpost.
    await march_and_build_outpost(client, game, empire, (3, 0))
    await march_and_build_outpost(client, game, elves, (-1, 3))
    # R-BUILD-5: an army with a move order founds nothing this turn.
    dwarf_army = await my_army(client, game, dwarfs)
    await client.put(
        game.url(f"/armies/{dwarf_army['id']}/move"),
        json={"path": [[6, 1]]},
        headers=dwarfs.headers,
    )
    busy = await client.post(
        game.url("/builds"),
        json={"kind": "found_city", "q": 7, "r": 1, "army_id": dwarf_army["id"]},
        headers=dwarfs.headers,
    )
    assert busy.status_code == 422
    assert "R-BUILD-5" in {v["rule"] for v in busy.json()["violations"]}
    cancelled = await client.delete(
        game.url(f"/armies/{dwarf_army['id']}/move"), headers=dwarfs.headers
    )
    assert cancelled.status_code == 204
    assert await end_turn(client, game) == 2

    # Turns 2 and 3: nothing new is ordered; outposts yield from the second change (R-ECO-3).
    assert await end_turn(client, game) == 3
    assert await end_turn(client, game) == 4

    # Empire: 5 − 3 (outpost) + 3 − 1, then + 4 − 1 twice = 10. Dwarfs: +3 a turn, upkeep 0
    # (tier 1 costs 1, −1 for Dwarfs) = 14. High Elves: like the Empire = 10.
    assert await gold_and_ledger(session, game, empire.number) == (10, 10)
    assert await gold_and_ledger(session, game, dwarfs.number) == (14, 14)
    assert await gold_and_ledger(session, game, elves.number) == (10, 10)

    summary = (await client.get(game.url("/turns/2/summary"), headers=empire.headers)).json()
    gold = [(e["data"]["amount"], e["rule"]) for e in summary["events"] if e["kind"] == "gold"]
    assert gold == [(3, "R-ECO-2"), (1, "R-ECO-2"), (-1, "R-ECO-4")]
    turns = (await client.get(game.url("/turns"), headers=dwarfs.headers)).json()
    assert [t["number"] for t in turns["items"]] == [1, 2, 3]

    standings = (await client.get(game.url("/standings"), headers=empire.headers)).json()
    lines = {row["player"]: row for row in standings["players"]}
    # Score: territories + 3 × city levels + armies' tiers + gold // 10 (R-CAMP-4).
    assert {p: (row["rank"], row["score"]) for p, row in lines.items()} == {
        1: (1, 2 + 3 + 1 + 1),
        2: (3, 1 + 3 + 1 + 1),
        3: (1, 2 + 3 + 1 + 1),
    }
    assert (lines[1]["territories"], lines[1]["gold"]) == (2, 10)
    assert "gold" not in lines[2]

    ended = await client.post(game.url("/end"), headers=game.owner.headers)
    assert ended.json()["status"] == "finished"
    assert_problem(
        await client.put(game.url("/turn/ready"), headers=elves.headers), 409, "R-CAMP-2"
    )
