"""Calendar feed secrets and the feed itself. Services flush, never commit.

The feed lists, for one user: the turn deadlines of the active campaigns they play in or run
(none while a campaign is paused: its clock stands still), with a schedule (R-TURN-9) the next
turns' scheduled deadlines too, and the agreed play-by dates of the
pending battles they fight (R-BAT-8). Names follow R-CAMP-5 as the battle shows them to its
sides: the two sides see each other's real names. Nothing else of a campaign is in it.
"""

import re
import uuid
from dataclasses import dataclass
from datetime import datetime

from icalendar import Calendar, Event
from sqlalchemy import and_, delete, or_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.auth.tokens import generate_token, hash_token
from app.platform.errors import NotFound
from app.platform.i18n import DEFAULT_LANGUAGE, Language, _, as_language, say
from app.play.campaigns.access import Membership
from app.play.campaigns.battle_names import BattleNames, read_battle_names
from app.rules import battles, schedule
from app.rules.texts import Text
from app.store.models import BattleRow, CalendarFeed, Campaign, CampaignPlayer, CampaignStatus, User
from app.store.models.world import PENDING_BATTLE_STATUSES
from app.store.persistence import battle_from_row

PRODID = "-//Marchlords//Calendar feed//EN"
UID_DOMAIN = "marchlords"
# Bounds on one feed's work: campaigns and battles listed at most (nearest first).
MAX_CAMPAIGNS = 200
MAX_BATTLES = 500
# R-TURN-9: a scheduled campaign's feed also forecasts the deadlines of its next turns.
SCHEDULED_AHEAD = 4
# What a TEXT value may not hold (RFC 5545 §3.3.11: no control character but HTAB) and what a
# calendar application may read as a line break or a reversal: a name stored before names were
# one line keeps them, and icalendar escapes CR and LF only.
_NOT_TEXT = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]+")


async def issue(session: AsyncSession, user: User, now: datetime) -> tuple[CalendarFeed, str]:
    """A new secret for the user's feed; the previous one, if any, stops working at once."""
    secret = generate_token()
    statement = (
        insert(CalendarFeed)
        .values(user_id=user.id, token_hash=hash_token(secret), issued_at=now)
        .on_conflict_do_update(
            index_elements=[CalendarFeed.user_id],
            set_={"token_hash": hash_token(secret), "issued_at": now},
        )
        .returning(CalendarFeed)
        .execution_options(populate_existing=True)
    )
    feed = (await session.scalars(statement)).one()
    return feed, secret


async def read(session: AsyncSession, user: User) -> CalendarFeed:
    feed = await session.get(CalendarFeed, user.id, populate_existing=True)
    if feed is None:
        raise NotFound(_("No calendar feed: create one."))
    return feed


async def revoke(session: AsyncSession, user: User) -> None:
    """Delete the user's feed secret: its URL answers 404 from now on."""
    deleted = await session.execute(
        delete(CalendarFeed).where(CalendarFeed.user_id == user.id).returning(CalendarFeed.user_id)
    )
    if deleted.first() is None:
        raise NotFound(_("No calendar feed: create one."))


@dataclass(frozen=True)
class _Entry:
    uid: str
    start: datetime
    summary: Text
    description: Text


# How a battle's kind and side are named in its entry (R-BAT-2).
_BATTLE_KINDS = {
    "field": _("field"),
    "siege": _("siege"),
    "assault": _("assault"),
    "naval": _("naval"),
}
_SIDES = {"attacker": _("attacker"), "defender": _("defender")}


async def _deadlines(session: AsyncSession, user: User) -> list[_Entry]:
    """Turn deadlines of the active, running campaigns the user plays in or owns."""
    seat = select(CampaignPlayer.campaign_id).where(
        CampaignPlayer.user_id == user.id, CampaignPlayer.faction.is_not(None)
    )
    campaigns = await session.scalars(
        select(Campaign)
        .where(
            or_(Campaign.owner_id == user.id, Campaign.id.in_(seat)),
            Campaign.status == CampaignStatus.ACTIVE,
            Campaign.paused_at.is_(None),
            Campaign.turn_deadline_at.is_not(None),
        )
        .order_by(Campaign.turn_deadline_at, Campaign.id)
        .limit(MAX_CAMPAIGNS)
    )
    entries = []
    for c in campaigns:
        if c.turn_deadline_at is None:  # excluded by the query; for the type checker
            continue
        entries.append(
            _Entry(
                uid=f"turn-{c.id}-{c.turn}@{UID_DOMAIN}",
                start=c.turn_deadline_at,
                summary=_("{name}: turn {turn} deadline", name=c.name, turn=c.turn),
                description=_("The turn's deadline: declare yourself ready before it (R-TURN-3)."),
            )
        )
        entries.extend(_scheduled_after(c, c.turn_deadline_at))
    return entries


def _scheduled_after(c: Campaign, deadline: datetime) -> list[_Entry]:
    """R-TURN-9: the next turns' deadlines if each turn changes at its deadline; each keeps
    its turn's UID, so the calendar moves it when the turn really starts."""
    plan = c.settings.turn_schedule
    if plan is None:
        return []
    turns = range(c.turn + 1, c.turn + 1 + SCHEDULED_AHEAD)
    if c.settings.turn_limit is not None:
        turns = range(turns.start, min(turns.stop, c.settings.turn_limit + 1))
    ahead = schedule.next_deadlines(plan.weekly(), deadline, plan.min_length, len(turns))
    return [
        _Entry(
            uid=f"turn-{c.id}-{turn}@{UID_DOMAIN}",
            start=start,
            summary=_("{name}: turn {turn} deadline", name=c.name, turn=turn),
            description=_(
                "The turn's scheduled deadline, if the turns before it change at theirs (R-TURN-9)."
            ),
        )
        for turn, start in zip(turns, ahead, strict=True)
    ]


async def _battle_dates(session: AsyncSession, user: User) -> list[_Entry]:
    """Agreed play-by dates of the pending battles the user fights in (R-BAT-8)."""
    rows = await session.execute(
        select(BattleRow, Campaign, CampaignPlayer)
        .join(
            CampaignPlayer,
            and_(
                CampaignPlayer.campaign_id == BattleRow.campaign_id,
                CampaignPlayer.user_id == user.id,
                CampaignPlayer.faction.is_not(None),
            ),
        )
        .join(Campaign, Campaign.id == BattleRow.campaign_id)
        .where(
            Campaign.status == CampaignStatus.ACTIVE,
            BattleRow.status.in_(PENDING_BATTLE_STATUSES),
            BattleRow.play_by.is_not(None),
        )
        .order_by(BattleRow.play_by, BattleRow.campaign_id, BattleRow.id)
        .limit(MAX_BATTLES)
    )
    entries = []
    names: dict[uuid.UUID, BattleNames] = {}
    for row, campaign, player in rows:
        battle = battle_from_row(row)
        # The seats it names ("Player B", R-CAMP-5) in the user's saved language, as `feed`.
        language = as_language(user.language) or DEFAULT_LANGUAGE
        m = Membership(campaign, user, player, language=language)
        seat = m.viewer.seat
        mine = battles.sides_of(battle, seat) if seat is not None else None
        if mine is None or row.play_by is None:
            continue  # a battle of the campaign that this seat does not fight
        theirs = battle.defender if mine == "attacker" else battle.attacker
        if campaign.id not in names:
            names[campaign.id] = await read_battle_names(session, m, ())
        # As on the battle itself (R-CAMP-5): its sides see each other's real names.
        named = names[campaign.id].of(battles.participants(battle), over=False, holders=None)
        against = ", ".join(named.get(p, "") for p in sorted(theirs.players))
        entries.append(
            _Entry(
                uid=f"battle-{campaign.id}-{row.id}@{UID_DOMAIN}",
                start=row.play_by,
                summary=_(
                    "{name}: battle against {against}",
                    name=campaign.name,
                    against=against or _("a garrison"),
                ),
                description=_(
                    "Play-by date agreed for the {kind} battle at ({q}, {r}), you as {side} "
                    "(R-BAT-8).",
                    kind=_BATTLE_KINDS.get(str(battle.kind), str(battle.kind)),
                    q=row.q,
                    r=row.r,
                    side=_SIDES.get(mine, mine),
                ),
            )
        )
    return entries


def _text(value: str) -> str:
    """`value` as one line of iCalendar TEXT (icalendar escapes `;`, `,` and `\\` itself)."""
    return _NOT_TEXT.sub(" ", value)


async def feed(session: AsyncSession, secret: str, now: datetime) -> bytes:
    """The iCalendar document of the feed whose secret this is; 404 for any other string."""
    user = await session.scalar(
        select(User)
        .join(CalendarFeed, CalendarFeed.user_id == User.id)
        .where(CalendarFeed.token_hash == hash_token(secret))
    )
    if user is None:
        raise NotFound(_("Calendar feed not found."))
    # Fetched by a calendar application, not by the user: in their saved language.
    language: Language = as_language(user.language) or DEFAULT_LANGUAGE
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", "Marchlords")
    for entry in [*await _deadlines(session, user), *await _battle_dates(session, user)]:
        event = Event()
        event.add("uid", entry.uid)
        event.add("dtstamp", now)
        event.add("dtstart", entry.start)
        event.add("summary", _text(say(entry.summary, language)))
        event.add("description", _text(say(entry.description, language)))
        calendar.add_component(event)
    ical: bytes = calendar.to_ical()
    return ical
