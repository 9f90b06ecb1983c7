"""Sending and reading messages (R-DIP-1) under the campaign's word limit and anonymity."""

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import (
    ColumnElement,
    and_,
    any_,
    case,
    exists,
    false,
    func,
    literal,
    not_,
    or_,
    select,
)
from sqlalchemy.dialects.postgresql import array, insert
from sqlalchemy.ext.asyncio import AsyncSession

from app.accounts.moderation.service import blockers_among
from app.platform.db.ids import random_public_id
from app.platform.errors import NotFound, RuleViolation
from app.platform.i18n import _
from app.play.campaigns.access import Membership
from app.play.campaigns.service import display_names, players_of
from app.play.messages.schemas import (
    Correspondent,
    MessageCreate,
    MessagePage,
    MessageRead,
    MessageThread,
    MessageThreads,
    ThreadUnread,
    UnreadCount,
)
from app.play.seat_blocks.service import blockers_here
from app.store.events.kinds import AppEventKind
from app.store.events.publish import publish
from app.store.models.campaign import CampaignPlayer
from app.store.models.message import Message, MessageReadMark, MessageThreadReadMark

# What reads as a map position: "12,7", "(3, -4)", "[3;4]", "3/4", "(3 4)", "q=3 r=4".
# Deliberately strict: under anonymity a false positive costs a rewording, a miss a reveal.
_COORDINATES = (
    re.compile(r"-?\d+\s*[,;/]\s*-?\d+"),
    re.compile(r"[(\[]\s*-?\d+\s+-?\d+\s*[)\]]"),
    re.compile(r"\b[qr]\s*[=:]\s*-?\d+", re.IGNORECASE),
)


def word_count(body: str) -> int:
    return len(body.split())


def has_coordinates(body: str) -> bool:
    return any(pattern.search(body) for pattern in _COORDINATES)


def _anonymous(m: Membership) -> bool:
    return m.campaign.anonymous


async def send(session: AsyncSession, m: Membership, data: MessageCreate) -> MessageRead:
    """Check the recipients, the word limit and (with anonymity) coordinates, then store."""
    me = m.require_player().number
    seats = await players_of(session, m.campaign.id)
    others = sorted(p.number for p in seats if p.number != me)
    if data.to == "all":
        recipients = others
        if not recipients:
            raise RuleViolation("R-DIP-1", _("There is no other player to write to."))
    else:
        recipients = sorted(set(data.to))
        if me in recipients:
            raise RuleViolation("R-DIP-1", _("You cannot write to yourself."))
        unknown = [n for n in recipients if n not in others]
        if unknown:
            raise RuleViolation(
                "R-DIP-1",
                _("No player number {number} in this campaign.", number=unknown[0]),
                status=422,
            )
    violations: list[dict[str, str]] = []
    extra: dict[str, int] = {}
    limit = m.campaign.settings.message_word_limit
    words = word_count(data.body)
    if limit is not None and words > limit:
        violations.append(
            {
                "rule": "R-DIP-1",
                "message": _(
                    "A message may hold at most {limit} words; this one has {words}.",
                    limit=limit,
                    words=words,
                ),
            }
        )
        extra = {"word_limit": limit, "words": words}
    if _anonymous(m) and has_coordinates(data.body):
        violations.append(
            {
                "rule": "R-CAMP-5",
                "message": _("With anonymity on, messages may not contain map coordinates."),
            }
        )
    if violations:
        first = violations[0]
        raise RuleViolation(first["rule"], first["message"], violations=violations, extra=extra)
    blocked_for = await _blocked_for(session, m, seats, recipients)
    message = Message(
        campaign_id=m.campaign.id,
        sender=me,
        recipients=recipients,
        to_all=data.to == "all",
        turn=m.campaign.turn,
        body=data.body,
        public_id=random_public_id(),
        blocked_for=blocked_for,
    )
    # Publish first: it locks the campaign's event counter until this transaction ends, so the
    # message's id, drawn after it, follows commit order within the campaign and a mailbox
    # polled with `after` never skips a message committed late.
    # Numbers only: the game master hears every event, and names depend on the listener.
    await publish(
        session,
        m.campaign.id,
        AppEventKind.MESSAGE_RECEIVED,
        {"message_id": message.public_id, "sender": me, "to_all": message.to_all},
        audience=[n for n in recipients if n not in blocked_for],
    )
    session.add(message)
    await session.flush()
    names = await display_names(session, m)
    return _read(message, me, names, seen=True)


async def _blocked_for(
    session: AsyncSession, m: Membership, seats: Sequence[CampaignPlayer], recipients: list[int]
) -> list[int]:
    """The recipients whose holders blocked the sender: it never reaches them, and the sender,
    who is not told, sees it sent as to anyone else (the same answer, the same work)."""
    holders = {p.number: p.user_id for p in seats if p.user_id is not None}
    users = {holders[n] for n in recipients if n in holders}
    blockers = await blockers_among(session, m.user.id, users)
    # And those who blocked the sender's seat here (never by name: issue 44).
    blockers |= await blockers_here(session, m.campaign.id, m.user.id, users)
    return [n for n in recipients if holders.get(n) in blockers]


def _read(message: Message, me: int, names: dict[int, str], seen: bool) -> MessageRead:
    def who(number: int) -> Correspondent:
        return Correspondent(number=number, name=names.get(number, f"Player {number}"))

    return MessageRead(
        id=message.public_id,
        turn=message.turn,
        sender=who(message.sender),
        recipients=[who(n) for n in message.recipients],
        to_all=message.to_all,
        body=message.body,
        sent_at=message.created_at,
        sent_by_you=message.sender == me,
        read=message.sender == me or seen,
    )


async def _read_mark(session: AsyncSession, m: Membership, me: int) -> int:
    mark = await session.scalar(
        select(MessageReadMark.up_to).where(
            MessageReadMark.campaign_id == m.campaign.id, MessageReadMark.player == me
        )
    )
    return mark or 0


def _received(me: int) -> ColumnElement[bool]:
    """Addressed to `me` and not kept from them by a block."""
    return and_(Message.recipients.contains([me]), not_(Message.blocked_for.contains([me])))


def _mine(m: Membership, me: int) -> list[ColumnElement[bool]]:
    return [Message.campaign_id == m.campaign.id, or_(Message.sender == me, _received(me))]


TABLE = 0  # the thread of the messages to everyone

# The threads a message belongs to, for each of its participants: the table for a message to
# all; otherwise each participant's number (the reader's own is dropped by the caller).
_PARTICIPANTS = case(
    (Message.to_all, array([literal(TABLE)])),
    else_=func.array_append(Message.recipients, Message.sender),
)
_THREAD_OF = func.unnest(_PARTICIPANTS)


def _already_read(m: Membership, me: int) -> ColumnElement[bool]:
    """The message is read by `me`: at or below their mailbox's mark ("mark all read"), or at
    or below their mark of a thread it belongs to (read in one thread, a group message is
    read in the others). A correlated lookup by primary key, at most one per seat a row."""
    everything = (
        select(MessageReadMark.up_to)
        .where(MessageReadMark.campaign_id == m.campaign.id, MessageReadMark.player == me)
        .scalar_subquery()
    )
    in_a_thread = exists().where(
        MessageThreadReadMark.campaign_id == m.campaign.id,
        MessageThreadReadMark.player == me,
        MessageThreadReadMark.thread == any_(_PARTICIPANTS),
        MessageThreadReadMark.up_to >= Message.id,
    )
    return or_(Message.id <= func.coalesce(everything, 0), in_a_thread)


def _unread(m: Membership, me: int) -> ColumnElement[bool]:
    """Addressed to `me`, shown, and not read yet."""
    return and_(_received(me), Message.hidden_at.is_(None), not_(_already_read(m, me)))


async def _position(session: AsyncSession, m: Membership, me: int, public_id: int) -> int:
    """Where a message of the caller's mailbox stands (its internal id); 0 stands before all.

    Another player's message answers exactly like one that does not exist (R-FOG-3).
    """
    if public_id == 0:
        return 0
    position = await session.scalar(
        select(Message.id).where(*_mine(m, me), Message.public_id == public_id)
    )
    if position is None:
        raise NotFound(_("Message not found."))
    return position


async def readable_message(session: AsyncSession, m: Membership, public_id: int) -> Message:
    """A message of the caller's mailbox (sent or received); any other is "not found"."""
    if m.player is None or m.player.faction is None:
        raise NotFound(_("Message not found."))
    message = await session.scalar(
        select(Message).where(*_mine(m, m.player.number), Message.public_id == public_id)
    )
    if message is None:
        raise NotFound(_("Message not found."))
    return message


async def _public_id(session: AsyncSession, m: Membership, position: int) -> int:
    """The public id of the message at a read mark (0 for none)."""
    if position == 0:
        return 0
    public_id = await session.scalar(
        select(Message.public_id).where(
            Message.campaign_id == m.campaign.id, Message.id == position
        )
    )
    return public_id or 0


@dataclass(frozen=True)
class Window:
    """A cursor window over message ids: `before` and `after` are exclusive bounds; `thread`
    keeps one conversation (`TABLE`: the messages to all; N: those between you and player N,
    group messages that include them too)."""

    limit: int
    before: int | None = None
    after: int | None = None
    thread: int | None = None


def _in_thread(me: int, thread: int) -> ColumnElement[bool]:
    if thread == TABLE:
        return Message.to_all.is_(True)
    if thread == me:
        return false()
    return and_(
        Message.to_all.is_(False),
        or_(Message.sender == thread, Message.recipients.contains([thread])),
    )


async def mailbox(session: AsyncSession, m: Membership, window: Window) -> MessagePage:
    """Messages the caller sent or received, newest first.

    With only `after`, the page holds the messages right after that id (for polling); otherwise
    the newest ones below `before`.
    """
    me = m.require_player().number
    query = select(Message, _already_read(m, me)).where(*_mine(m, me), Message.hidden_at.is_(None))
    if window.thread is not None:
        query = query.where(_in_thread(me, window.thread))
    if window.before is not None:
        query = query.where(Message.id < await _position(session, m, me, window.before))
    if window.after is not None:
        query = query.where(Message.id > await _position(session, m, me, window.after))
    forward = window.after is not None and window.before is None
    query = query.order_by(Message.id.asc() if forward else Message.id.desc())
    found = [(row, seen) for row, seen in await session.execute(query.limit(window.limit + 1))]
    has_more = len(found) > window.limit
    found = found[: window.limit]
    if forward:
        found.reverse()
    rows = [row for row, _ in found]
    names = await display_names(session, m)
    return MessagePage(
        items=[_read(row, me, names, seen) for row, seen in found],
        limit=window.limit,
        has_more=has_more,
        next_before=rows[-1].public_id if rows and (has_more or forward) else None,
        newest_id=rows[0].public_id if rows else window.after,
    )


async def threads(session: AsyncSession, m: Membership) -> MessageThreads:
    """One thread per other seat and one for the table: its newest message and how many of it
    are unread, in one statement over the caller's mailbox (bounded by the seats, 17 + 1)."""
    me = m.require_player().number
    mailbox = (
        select(
            _THREAD_OF.label("thread"),
            Message.id.label("id"),
            _unread(m, me).label("unread"),
        )
        .where(*_mine(m, me), Message.hidden_at.is_(None))
        .subquery()
    )
    rows = await session.execute(
        select(
            mailbox.c.thread,
            func.max(mailbox.c.id),
            func.count().filter(mailbox.c.unread),
        ).group_by(mailbox.c.thread)
    )
    summary = {thread: (last, unread) for thread, last, unread in rows.all() if thread != me}
    wanted = [last for last, _ in summary.values()]
    newest = {
        row.id: (row, seen)
        for row, seen in (
            await session.execute(
                select(Message, _already_read(m, me)).where(
                    Message.campaign_id == m.campaign.id, Message.id.in_(wanted)
                )
            )
        ).all()
    }
    names = await display_names(session, m)
    # The most recent conversation first, then those without a message (table, then numbers).
    order = sorted(
        [TABLE, *sorted(n for n in names if n != me)],
        key=lambda thread: -summary.get(thread, (0, 0))[0],
    )
    items = []
    for thread in order:
        last, count = summary.get(thread, (None, 0))
        shown = newest.get(last) if last is not None else None
        items.append(
            MessageThread(
                correspondent=None
                if thread == TABLE
                else Correspondent(number=thread, name=names[thread]),
                last=_read(shown[0], me, names, seen=shown[1]) if shown is not None else None,
                unread=count,
            )
        )
    return MessageThreads(items=items)


async def unread(session: AsyncSession, m: Membership) -> UnreadCount:
    me = m.require_player().number
    mark = await _read_mark(session, m, me)
    count = await session.scalar(
        select(func.count())
        .select_from(Message)
        .where(Message.campaign_id == m.campaign.id, _unread(m, me))
    )
    return UnreadCount(unread=count or 0, read_up_to=await _public_id(session, m, mark))


async def mark_read(session: AsyncSession, m: Membership, up_to: int) -> UnreadCount:
    """Mark a message of the caller's mailbox and every older one read (never moves back).

    Only the caller's own messages can be named: any other id, another player's message
    included, is "not found" (R-FOG-3).
    """
    me = m.require_player().number
    position = await _position(session, m, me, up_to)
    statement = insert(MessageReadMark).values(campaign_id=m.campaign.id, player=me, up_to=position)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[MessageReadMark.campaign_id, MessageReadMark.player],
            set_={"up_to": func.greatest(MessageReadMark.up_to, statement.excluded.up_to)},
        )
    )
    return await unread(session, m)


async def _thread_of_mine(session: AsyncSession, m: Membership, me: int, thread: int) -> None:
    """The table, or another seat of the campaign (by number: under anonymity a seat is all a
    player knows of a correspondent); yourself or a seat that is not there: "Player not
    found"."""
    if thread == TABLE:
        return
    seat = await session.scalar(
        select(CampaignPlayer.number).where(
            CampaignPlayer.campaign_id == m.campaign.id, CampaignPlayer.number == thread
        )
    )
    if seat is None or seat == me:
        raise NotFound(_("Player not found."))


async def mark_thread_read(
    session: AsyncSession, m: Membership, thread: int, up_to: int
) -> ThreadUnread:
    """Mark one thread read up to a message of it (never moves back); the other threads keep
    their unread messages, but for a group message read here, which is read everywhere.

    The message must be of the caller's mailbox and of that thread: any other id, another
    player's message or one of another thread, is "not found" (R-FOG-3).
    """
    me = m.require_player().number
    await _thread_of_mine(session, m, me, thread)
    position = 0
    if up_to != 0:
        found = await session.scalar(
            select(Message.id).where(
                *_mine(m, me), _in_thread(me, thread), Message.public_id == up_to
            )
        )
        if found is None:
            raise NotFound(_("Message not found."))
        position = found
    statement = insert(MessageThreadReadMark).values(
        campaign_id=m.campaign.id, player=me, thread=thread, up_to=position
    )
    mark = await session.scalar(
        statement.on_conflict_do_update(
            index_elements=[
                MessageThreadReadMark.campaign_id,
                MessageThreadReadMark.player,
                MessageThreadReadMark.thread,
            ],
            set_={"up_to": func.greatest(MessageThreadReadMark.up_to, statement.excluded.up_to)},
        ).returning(MessageThreadReadMark.up_to)
    )
    # Both counts in one statement over the caller's unread messages.
    counts = await session.execute(
        select(func.count().filter(_in_thread(me, thread)), func.count())
        .select_from(Message)
        .where(Message.campaign_id == m.campaign.id, _unread(m, me))
    )
    in_thread, everywhere = counts.one()
    return ThreadUnread(
        thread=thread,
        unread=in_thread,
        read_up_to=await _public_id(session, m, mark or 0),
        mailbox_unread=everywhere,
    )
