"""Club nights offered as play-by dates (R-BAT-11), over HTTP on the real database: a club on
Tuesdays and Fridays at 20:00 Paris time across the spring change, its battle deadline, and the
campaigns that suggest nothing.

The turn changes at a fixed instant (the turn service's clock is patched); `get_now` moves the
readers' clock, as in test_battle_dates.py.
"""

from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.dependencies import get_now
from app.play.turns import service as turns_service
from tests.factories.battles import act, field_battle, get_battle, result
from tests.factories.flows import Game, MakeUser, start_game

# Thursday 26 March 2026, 11:00 in Paris; the clocks spring forward on Sunday 29 March.
CHANGE = datetime(2026, 3, 26, 10, tzinfo=UTC)
FRIDAY = "2026-03-27T19:00:00Z"  # 20:00 in Paris, winter time
TUESDAY = "2026-03-31T18:00:00Z"  # 20:00 in Paris, summer time


def club(min_turn_hours: int = 120, **more: Any) -> dict[str, Any]:
    """Tuesdays and Fridays at 20:00 Paris time; a turn lasts at least `min_turn_hours`."""
    entries = [{"weekday": "tue", "time": "20:00"}, {"weekday": "fri", "time": "20:00"}]
    plan = {"entries": entries, "time_zone": "Europe/Paris", "min_turn_hours": min_turn_hours}
    return {"turn_schedule": plan, **more}


async def battle_at_change(
    client: AsyncClient,
    session: AsyncSession,
    app: FastAPI,
    monkeypatch: pytest.MonkeyPatch,
    game: Game,
) -> dict[str, Any]:
    """A field battle declared by a turn change at `CHANGE`, read then."""
    monkeypatch.setattr(turns_service, "utcnow", lambda: CHANGE)
    app.dependency_overrides[get_now] = lambda: CHANGE
    battle, _, _ = await field_battle(client, session, game)
    return battle


async def test_R_BAT_11_the_next_club_nights_up_to_the_turn_deadline_across_spring(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    app: FastAPI,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = await start_game(client, make_user, settings=club())
    p1, p2 = game.players
    battle = await battle_at_change(client, session, app, monkeypatch, game)
    bid = battle["id"]

    # The turn (at least 120 hours) ends on Tuesday's club night, after the clocks change:
    # Friday's night and Tuesday's are offered, each at 20:00 on Paris's clocks.
    turn = (await client.get(game.url("/turn"), headers=p1.headers)).json()
    assert turn["deadline_at"].replace("+00:00", "Z") == TUESDAY
    assert battle["suggested_dates"] == [FRIDAY, TUESDAY]
    assert (await get_battle(client, game, p2, bid))["suggested_dates"] == [FRIDAY, TUESDAY]

    # From Friday's night on it is no choice any more; the one offered is a date `propose` takes.
    app.dependency_overrides[get_now] = lambda: datetime(2026, 3, 27, 19, tzinfo=UTC)
    assert (await get_battle(client, game, p1, bid))["suggested_dates"] == [TUESDAY]
    r = await client.post(
        game.url(f"/battles/{bid}/play-by"), json={"date": TUESDAY}, headers=p1.headers
    )
    assert r.status_code == 200, r.text
    assert (r.json()["play_by_proposal"], r.json()["suggested_dates"]) == (
        {"date": TUESDAY, "side": "attacker"},
        [TUESDAY],
    )

    # A battle over suggests nothing.
    r = await act(client, game, p1.headers, bid, "report", result("attacker_victory", 10, 60))
    assert r.status_code == 200, r.text
    assert (await act(client, game, p2.headers, bid, "confirm")).status_code == 200
    confirmed = await get_battle(client, game, p1, bid)
    assert (confirmed["status"], confirmed["suggested_dates"]) == ("confirmed", [])


async def test_R_BAT_11_the_battle_deadline_bounds_the_nights_offered(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    app: FastAPI,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Results due 48 hours after the change (Saturday 10:00 UTC): Tuesday is too late.
    game = await start_game(client, make_user, settings=club(battle_deadline_hours=48))
    battle = await battle_at_change(client, session, app, monkeypatch, game)
    assert battle["suggested_dates"] == [FRIDAY]
    listed = await client.get(game.url("/battles"), headers=game.players[1].headers)
    assert [b["suggested_dates"] for b in listed.json()["items"]] == [[FRIDAY]]

    # 24 hours: no club night before it, so none.
    game = await start_game(client, make_user, settings=club(battle_deadline_hours=24))
    battle = await battle_at_change(client, session, app, monkeypatch, game)
    assert battle["suggested_dates"] == []


async def test_R_BAT_11_a_campaign_without_a_schedule_suggests_nothing(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    app: FastAPI,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 200})
    battle = await battle_at_change(client, session, app, monkeypatch, game)
    assert battle["suggested_dates"] == []
    assert (await get_battle(client, game, game.players[1], battle["id"]))["suggested_dates"] == []
