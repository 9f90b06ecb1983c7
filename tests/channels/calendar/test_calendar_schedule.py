"""A scheduled campaign's calendar feed (R-TURN-9, R-TURN-10): the turn's deadline and the
next club nights, each turn's at its own UID, in UTC across a daylight-saving change."""

from datetime import UTC, datetime

import pytest
from httpx import AsyncClient

from app.play.campaigns import service as campaigns_service
from tests.channels.calendar.test_calendar import create_feed, events_of
from tests.factories.flows import MakeUser, start_game

START = datetime(2026, 10, 22, 12, tzinfo=UTC)  # a Thursday, 14:00 in Paris


def club(**more: object) -> dict[str, object]:
    entries = [{"weekday": "tue", "time": "20:00"}, {"weekday": "fri", "time": "20:00"}]
    return {"turn_schedule": {"entries": entries, "time_zone": "Europe/Paris"}, **more}


async def test_R_TURN_9_R_TURN_10_the_feed_forecasts_the_next_club_nights(
    client: AsyncClient, make_user: MakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(campaigns_service, "utcnow", lambda: START)
    game = await start_game(client, make_user, settings=club())
    events = await events_of(client, await create_feed(client, game.players[1].user))

    # 20:00 in Paris: 18:00 UTC until the clocks go back on 25 October, 19:00 after.
    assert {uid: event.decoded("DTSTART") for uid, event in events.items()} == {
        f"turn-{game.id}-1@marchlords": datetime(2026, 10, 23, 18, tzinfo=UTC),
        f"turn-{game.id}-2@marchlords": datetime(2026, 10, 27, 19, tzinfo=UTC),
        f"turn-{game.id}-3@marchlords": datetime(2026, 10, 30, 19, tzinfo=UTC),
        f"turn-{game.id}-4@marchlords": datetime(2026, 11, 3, 19, tzinfo=UTC),
        f"turn-{game.id}-5@marchlords": datetime(2026, 11, 6, 19, tzinfo=UTC),
    }
    assert str(events[f"turn-{game.id}-3@marchlords"]["SUMMARY"]) == (
        "Test campaign: turn 3 deadline"
    )


async def test_R_TURN_9_the_forecast_stops_at_the_turn_limit(
    client: AsyncClient, make_user: MakeUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(campaigns_service, "utcnow", lambda: START)
    game = await start_game(client, make_user, settings=club(turn_limit=2))
    events = await events_of(client, await create_feed(client, game.owner))

    assert list(events) == [f"turn-{game.id}-1@marchlords", f"turn-{game.id}-2@marchlords"]
