"""Attacks on the calendar feed (docs/security.md) through what it prints: a campaign's name in
each event's SUMMARY. iCalendar's TEXT escapes `;`, `,`, `\\` and line breaks and folds long
lines; a name must come out as the one value it is, in one event, never as a property or an
event of its own, and never with a control character a calendar application may read as a
line break."""

import re
import uuid

import pytest
from httpx import AsyncClient
from icalendar import Calendar
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.fields import is_name
from app.store.models import Campaign
from tests.factories.flows import MakeUser, start_game

FEED = "/v1/users/me/calendar-feed"
# Everything iCalendar's TEXT escapes, a property's own syntax, and two-byte letters up to the
# name's 80 characters (a folded line must not be cut inside a character).
SYNTAX = 'Raid; the, "North" \\ DESCRIPTION:x :END:VEVENT '
SYNTAX += "é" * (80 - len(SYNTAX))
# Stored by an older server (names were not always one line): CRLF, a lone CR or LF, ESC,
# NEL, the line and paragraph separators, a bidi override (PostgreSQL refuses a NUL).
STORED = "Evil\r\nEND:VEVENT\r\nBEGIN:VEVENT\rSUMMARY:x\nUID:y\x1b\x85\u2028\u2029\u202e"
# What RFC 5545 allows in a TEXT value: no control character but HTAB (line breaks escaped).
CONTROLS = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


async def feed_of(client: AsyncClient, headers: dict[str, str]) -> bytes:
    created = await client.post(FEED, headers=headers)
    assert created.status_code == 201, created.text
    path: str = created.json()["url"].removeprefix("http://test")
    r = await client.get(path)
    assert r.status_code == 200, r.text
    return r.content


def lines_of(ical: bytes) -> list[bytes]:
    assert ical.endswith(b"\r\n")
    return ical[:-2].split(b"\r\n")


@pytest.mark.parametrize("stored", [False, True], ids=["one_the_api_accepts", "an_older_servers"])
async def test_a_campaign_name_is_one_summary_of_one_event_in_the_calendar_feed(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, stored: bool
) -> None:
    game = await start_game(client, make_user, settings={"turn_deadline_hours": 24})
    owner = game.owner.headers
    assert is_name(SYNTAX)  # a name the owner could type in the lobby
    campaign = await session.get_one(Campaign, uuid.UUID(game.id))
    campaign.name = STORED if stored else SYNTAX
    await session.flush()

    ical = await feed_of(client, owner)

    lines = lines_of(ical)
    assert all(len(line) <= 75 for line in lines)  # folded at 75 octets (RFC 5545 §3.1)
    assert all(not CONTROLS.search(line.decode()) for line in lines)  # never a bare break
    assert lines.count(b"BEGIN:VEVENT") == lines.count(b"END:VEVENT") == 1
    (event,) = Calendar.from_ical(ical).walk("VEVENT")
    assert str(event["UID"]) == f"turn-{game.id}-1@marchlords"
    summary = str(event["SUMMARY"])
    if stored:
        assert summary.startswith("Evil")
        assert not CONTROLS.search(summary)
    else:
        assert summary == f"{SYNTAX}: turn 1 deadline"  # the name, exactly as written
