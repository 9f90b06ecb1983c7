"""Turn deadlines on a weekly schedule over HTTP (R-TURN-9, R-TURN-10): the sweeper, the
warning and reminders, forced changes, auto-resolve, pause and resume, extensions, vacations
(R-CAMP-8) and rollback (R-TURN-6) all land on the club's nights, across daylight saving.

The campaign starts at a fixed instant (the start's clock is patched), then the `get_now`
override and the sweeper's `now` move the clock, as in test_deadlines.py.
"""

import uuid
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from fastapi import FastAPI
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.notifications.reminders import send_reminders
from app.play.campaigns import service as campaigns_service
from app.play.deadlines.service import sweep
from app.play.turns import service as turns_service
from tests.factories.flows import Game, MakeUser, start_game
from tests.play.deadlines.test_deadlines import events, parse, set_clock, turn

PARIS = ZoneInfo("Europe/Paris")
NEW_YORK = ZoneInfo("America/New_York")


def club(zone: str = "Europe/Paris", at: str = "20:00", **more: Any) -> dict[str, Any]:
    """Tuesdays and Fridays at `at`, local time in `zone`."""
    return {
        "turn_schedule": {
            "entries": [{"weekday": "tuesday", "time": at}, {"weekday": 4, "time": at}],
            "time_zone": zone,
        },
        **more,
    }


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


async def start_at(
    client: AsyncClient,
    make_user: MakeUser,
    monkeypatch: pytest.MonkeyPatch,
    when: datetime,
    settings: dict[str, Any],
) -> Game:
    monkeypatch.setattr(campaigns_service, "utcnow", lambda: when)
    return await start_game(client, make_user, settings=settings)


async def deadline(client: AsyncClient, game: Game) -> datetime:
    return parse((await turn(client, game))["deadline_at"])


def paris(moment: datetime) -> str:
    return moment.astimezone(PARIS).isoformat()


async def test_R_TURN_9_R_TURN_10_tuesdays_and_fridays_in_paris_across_the_autumn_change(
    client: AsyncClient,
    make_user: MakeUser,
    session: AsyncSession,
    sessionmaker: async_sessionmaker[AsyncSession],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settings = club(deadline_auto_change=True, reminder_hours=24)
    # Thursday 22 October 2026, 14:00 in Paris: the first club night is the next evening.
    game = await start_at(client, make_user, monkeypatch, utc(2026, 10, 22, 12), settings)
    friday = await deadline(client, game)
    assert paris(friday) == "2026-10-23T20:00:00+02:00"
    assert (await client.get(game.url(), headers=game.owner.headers)).json()["settings"][
        "turn_schedule"
    ] == {
        "entries": [{"weekday": 1, "time": "20:00"}, {"weekday": 4, "time": "20:00"}],
        "time_zone": "Europe/Paris",
        "min_turn_hours": 12,
    }

    # The warning an hour before, the change at the deadline (not a minute before).
    assert (await sweep(sessionmaker, friday - timedelta(hours=2))).warned == []
    assert (await sweep(sessionmaker, friday - timedelta(hours=1))).warned == [uuid.UUID(game.id)]
    assert (await sweep(sessionmaker, friday - timedelta(minutes=1))).changed == []
    assert (await sweep(sessionmaker, friday)).changed == [uuid.UUID(game.id)]

    # Paris falls back on Sunday 25 October: Tuesday's 20:00 is an hour later in UTC.
    tuesday = await deadline(client, game)
    assert (tuesday, paris(tuesday)) == (utc(2026, 10, 27, 19), "2026-10-27T20:00:00+01:00")
    assert await send_reminders(sessionmaker, tuesday - timedelta(hours=25)) == []
    assert await send_reminders(sessionmaker, tuesday - timedelta(hours=24)) == [uuid.UUID(game.id)]
    assert (await sweep(sessionmaker, tuesday)).changed == [uuid.UUID(game.id)]
    body = await turn(client, game)
    assert (body["number"], paris(parse(body["deadline_at"]))) == (3, "2026-10-30T20:00:00+01:00")
    assert await events(session, game, "deadline_near") == [
        ([1, 2], {"turn": 1, "deadline_at": friday.isoformat()})
    ]


async def test_R_TURN_9_R_TURN_10_an_early_change_in_new_york_waits_for_the_minimum(
    client: AsyncClient, make_user: MakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = club("America/New_York", "19:30", auto_resolve=True)
    settings["turn_schedule"]["min_turn_hours"] = 48
    # Friday 6 March 2026, 10:00 in New York: 19:30 that day is too close, Tuesday it is,
    # after the clocks spring forward on Sunday 8 March.
    game = await start_at(client, make_user, monkeypatch, utc(2026, 3, 6, 15), settings)
    first = await deadline(client, game)
    assert (first, first.astimezone(NEW_YORK).isoformat()) == (
        utc(2026, 3, 10, 23, 30),
        "2026-03-10T19:30:00-04:00",
    )

    # Everyone ready on Monday: auto-resolve changes the turn at once (on the server's clock,
    # not `get_now`'s); Tuesday evening is closer than 48 hours, so the deadline is Friday's.
    monkeypatch.setattr(turns_service, "utcnow", lambda: utc(2026, 3, 9, 22))
    for player in game.players:
        assert (await client.put(game.url("/turn/ready"), headers=player.headers)).is_success
    body = await turn(client, game)
    assert body["number"] == 2
    assert parse(body["deadline_at"]).astimezone(NEW_YORK).isoformat() == (
        "2026-03-13T19:30:00-04:00"
    )


async def test_R_TURN_9_forced_change_and_rollback_start_the_next_club_night(
    client: AsyncClient, make_user: MakeUser, app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await start_at(client, make_user, monkeypatch, utc(2026, 12, 1, 7), club())
    owner = game.owner.headers
    assert paris(await deadline(client, game)) == "2026-12-01T20:00:00+01:00"

    # Forced on Wednesday morning: the next night at least 12 hours away is Friday's.
    set_clock(app, utc(2026, 12, 2, 8))
    forced = await client.post(game.url("/turn/force"), headers=owner)
    assert forced.status_code == 200, forced.text
    assert (forced.json()["number"], paris(parse(forced.json()["deadline_at"]))) == (
        2,
        "2026-12-04T20:00:00+01:00",
    )
    # Rolled back on Friday at 09:00: turn 1 again, its deadline afresh, 11 hours is too
    # short for that evening, so Tuesday.
    set_clock(app, utc(2026, 12, 4, 8))
    rolled = await client.post(game.url("/turn/rollback"), headers=owner)
    assert rolled.status_code == 200, rolled.text
    assert (rolled.json()["number"], paris(parse(rolled.json()["deadline_at"]))) == (
        1,
        "2026-12-08T20:00:00+01:00",
    )


async def test_R_TURN_9_pause_resume_and_extension_stay_on_club_nights(
    client: AsyncClient, make_user: MakeUser, app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await start_at(client, make_user, monkeypatch, utc(2026, 12, 1, 7), club())
    owner = game.owner.headers
    assert paris(await deadline(client, game)) == "2026-12-01T20:00:00+01:00"

    # Paused for three hours: Tuesday 23:00 is no club night, Friday is.
    set_clock(app, utc(2026, 12, 1, 12))
    assert (await client.post(game.url("/pause"), headers=owner)).is_success
    set_clock(app, utc(2026, 12, 1, 15))
    resumed = await client.post(game.url("/resume"), headers=owner)
    assert resumed.status_code == 200, resumed.text
    assert paris(parse(resumed.json()["deadline_at"])) == "2026-12-04T20:00:00+01:00"

    # An hour more is the next club night too.
    extended = await client.post(game.url("/deadline"), json={"extend_hours": 1}, headers=owner)
    assert extended.status_code == 200, extended.text
    assert paris(parse(extended.json()["deadline_at"])) == "2026-12-08T20:00:00+01:00"


async def test_R_TURN_9_R_CAMP_8_a_vacation_pushes_the_deadline_to_the_night_after_it(
    client: AsyncClient, make_user: MakeUser, app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = club(vacation_days=5)
    game = await start_at(client, make_user, monkeypatch, utc(2026, 12, 1, 7), settings)
    bob = game.players[1]
    assert paris(await deadline(client, game)) == "2026-12-01T20:00:00+01:00"

    # Two days from Tuesday noon: the deadline would move to Thursday 20:00, so Friday.
    set_clock(app, utc(2026, 12, 1, 11))
    body = await client.post(game.url("/vacation"), json={"days": 2}, headers=bob.headers)
    assert body.status_code == 200, body.text
    assert (paris(parse(body.json()["until"])), paris(parse(body.json()["deadline_at"]))) == (
        "2026-12-03T12:00:00+01:00",
        "2026-12-04T20:00:00+01:00",
    )
    assert paris(await deadline(client, game)) == "2026-12-04T20:00:00+01:00"
