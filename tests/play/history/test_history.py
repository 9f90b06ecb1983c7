"""GET /turns, /turns/{n}/summary and /standings (R-TURN-5, R-CAMP-4, R-CAMP-5)."""

from datetime import UTC, datetime

from httpx import AsyncClient, Response
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.i18n import _
from app.rules.state import Event, EventKind
from app.store.models.turn import TurnRecord, TurnSummaryRow
from app.store.persistence import event_to_json
from tests.factories.flows import MakeUser, start_game
from tests.helpers import assert_problem


async def test_no_turn_change_before_the_first(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    headers = game.players[0].headers
    response = await client.get(game.url("/turns"), headers=headers)
    assert response.status_code == 200, response.text
    body = response.json()
    assert (body["items"], body["total"], body["offset"]) == ([], 0, 0)
    assert_problem(
        await client.get(game.url("/turns/1/summary"), headers=headers), 404, "not_found"
    )


async def test_turns_and_my_summary(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    when = datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)
    session.add(TurnRecord(campaign_id=game.id, number=1, resolved_at=when))
    event = {"kind": "army_moved", "rule": "R-MOVE-3", "coords": [[3, 1]], "data": {"army_id": 2}}
    session.add(TurnSummaryRow(campaign_id=game.id, number=1, player=1, events=[event]))
    session.add(TurnSummaryRow(campaign_id=game.id, number=1, player=2, events=[]))
    await session.flush()

    turns = (await client.get(game.url("/turns"), headers=game.players[0].headers)).json()
    assert turns["total"] == 1
    assert [t["number"] for t in turns["items"]] == [1]
    assert turns["items"][0]["resolved_at"].startswith("2030-01-02T03:04:05")

    mine = await client.get(game.url("/turns/1/summary"), headers=game.players[0].headers)
    assert mine.status_code == 200, mine.text
    assert mine.json() == {"number": 1, "player": 1, "events": [event]}
    theirs = await client.get(game.url("/turns/1/summary"), headers=game.players[1].headers)
    assert theirs.json() == {"number": 1, "player": 2, "events": []}

    # A player never reads another's summary, even as the owner who plays (R-FOG-3).
    assert_problem(
        await client.get(game.url("/turns/1/summary?player=2"), headers=game.players[0].headers),
        403,
        "R-FOG-3",
    )
    assert_problem(
        await client.get(game.url("/turns/2/summary"), headers=game.players[0].headers),
        404,
        "not_found",
    )


async def test_owner_who_does_not_play_reads_any_summary(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    session.add(TurnRecord(campaign_id=game.id, number=1))
    session.add(TurnSummaryRow(campaign_id=game.id, number=1, player=2, events=[]))
    await session.flush()
    response = await client.get(game.url("/turns/1/summary?player=2"), headers=game.owner.headers)
    assert response.status_code == 200, response.text
    assert response.json()["player"] == 2
    assert_problem(
        await client.get(game.url("/turns/1/summary"), headers=game.owner.headers),
        422,
        "player_required",
    )
    assert_problem(
        await client.get(game.url("/turns/1/summary?player=1"), headers=game.owner.headers),
        404,
        "not_found",
    )


async def test_standings_after_start(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    response = await client.get(game.url("/standings"), headers=game.players[0].headers)
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["turn"] == 1
    assert body["final"] is False
    rows = {row["player"]: row for row in body["players"]}
    # 1 territory + 3 × 1 city level + 1 army tier + 5 gold // 10 = 5, a tie for first place.
    assert rows[1] == {
        "player": 1,
        "name": game.players[0].user.username.title(),
        "faction": "empire",
        "rank": 1,
        "score": 5,
        "territories": 1,
        "city_levels": 1,
        "army_tiers": 1,
        "gold": 5,
        "is_you": True,
    }
    # R-FOG-3: the parts of another player's score would tell of what lies out of sight.
    assert rows[2] == {
        "player": 2,
        "name": game.players[1].user.username.title(),
        "faction": "orcs_goblins",
        "rank": 1,
        "score": 5,
        "is_you": False,
    }


async def test_standings_respect_anonymity_until_the_end(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user, settings={"anonymity": True})
    rows = (await client.get(game.url("/standings"), headers=game.players[1].headers)).json()
    names = {row["player"]: row["name"] for row in rows["players"]}
    assert names[1] == "Player A"
    assert names[2] == game.players[1].user.username.title()
    assert game.players[0].user.username.title() not in str(rows)

    ended = await client.post(game.url("/end"), headers=game.owner.headers)
    assert ended.status_code == 200, ended.text
    final = (await client.get(game.url("/standings"), headers=game.players[1].headers)).json()
    assert final["final"] is True
    rows_by_player = {row["player"]: row for row in final["players"]}
    assert rows_by_player[1]["name"] == game.players[0].user.username.title()
    # Once the campaign is over, the parts of every score are open.
    assert (rows_by_player[1]["gold"], rows_by_player[1]["territories"]) == (5, 1)


async def test_history_is_hidden_from_non_members(client: AsyncClient, make_user: MakeUser) -> None:
    game = await start_game(client, make_user)
    stranger = await make_user()
    for path in ("/turns", "/turns/1/summary", "/standings", "/me", "/armies", "/generals"):
        assert_problem(await client.get(game.url(path), headers=stranger.headers), 404, "not_found")


async def test_a_summary_reason_is_said_in_the_readers_language(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
) -> None:
    """A reason kept as a text (message id + parameters) beside its English is read in French
    by a French reader, in English by the others; a line stored before is read as it is."""
    game = await start_game(client, make_user)
    halted = Event(
        EventKind.HALTED,
        "R-MOVE-4",
        frozenset({1}),
        ((3, 1),),
        {"army_id": 2, "reason": _("ordered {kind} at {q},{r}", kind="move", q=3, r=1)},
    )
    line = event_to_json(halted)
    old = {"kind": "halted", "rule": "R-MOVE-4", "coords": [], "data": {"reason": "Old."}}
    session.add(TurnSummaryRow(campaign_id=game.id, number=1, player=1, events=[line, old]))
    await session.flush()
    me = game.players[0].headers

    def reasons(response: Response) -> list[str]:
        assert response.status_code == 200, response.text
        return [e["data"]["reason"] for e in response.json()["events"]]

    url = game.url("/turns/1/summary")
    assert reasons(await client.get(url, headers=me)) == ["ordered move at 3,1", "Old."]
    french_reader = {**me, "Accept-Language": "fr"}
    assert reasons(await client.get(url, headers=french_reader)) == [
        "ordre\u00a0: move en 3,1",
        "Old.",
    ]
    # What is read never carries the kept form; the stored line (and an export) does.
    response = await client.get(url, headers=french_reader)
    assert response.headers["content-language"] == "fr"
    assert "Accept-Language" in response.headers["vary"]
    assert "texts" not in response.json()["events"][0]
    assert line["texts"] == {
        "reason": {
            "template": "ordered {kind} at {q},{r}",
            "params": {"kind": "move", "q": 3, "r": 1},
        }
    }
