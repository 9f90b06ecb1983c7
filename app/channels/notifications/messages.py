"""What a notification says: its kind, its data and its sentence.

Everything here is built from what the recipient may see: a personal notification from an
event addressed to the endpoint's owner (or public), a campaign notification from public facts
only (the turn, its deadline, the number of pending battles, the campaign's start and end).
No player is ever named: with anonymity (R-CAMP-5) there is nothing to hide, and without it a
channel message does not need names.
"""

import enum
import uuid
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, Field, ValidatorFunctionWrapHandler, WrapValidator

from app.platform.i18n import _, ngettext
from app.rules.texts import Text


class NotificationKind(enum.StrEnum):
    CAMPAIGN_STARTED = "campaign_started"
    TURN_STARTED = "turn_started"
    SUMMARY_READY = "summary_ready"
    BATTLE_AWAITS_REPORT = "battle_awaits_report"
    BATTLE_AWAITS_CONFIRMATION = "battle_awaits_confirmation"
    EDICT_AWAITS_ANSWER = "edict_awaits_answer"
    DEADLINE_REMINDER = "deadline_reminder"
    LAST_NOT_READY = "last_not_ready"
    MESSAGE_RECEIVED = "message_received"
    CAMPAIGN_ENDED = "campaign_ended"
    SEAT_OPEN = "seat_open"  # to substitutes (R-CAMP-12), who are no members
    JOIN_REQUESTED = "join_requested"  # to the owner: a user asks to join (R-CAMP-11)
    JOIN_ACCEPTED = "join_accepted"  # to the asker, who is no member until then
    JOIN_DECLINED = "join_declined"  # to the asker, who stays no member
    PING = "ping"


# What each scope may subscribe to (a ping can always be sent, and is not subscribed to).
PERSONAL_KINDS = (
    NotificationKind.CAMPAIGN_STARTED,
    NotificationKind.TURN_STARTED,
    NotificationKind.SUMMARY_READY,
    NotificationKind.BATTLE_AWAITS_REPORT,
    NotificationKind.BATTLE_AWAITS_CONFIRMATION,
    NotificationKind.EDICT_AWAITS_ANSWER,
    NotificationKind.DEADLINE_REMINDER,
    NotificationKind.LAST_NOT_READY,
    NotificationKind.MESSAGE_RECEIVED,
    NotificationKind.CAMPAIGN_ENDED,
    NotificationKind.JOIN_REQUESTED,
)
# Kinds whose newest unread item replaces the older ones about the same subject in the inbox
# (`collapse_key`: the campaign, the user, the kind and the subject), so reminders never pile up.
COLLAPSING_KINDS = frozenset({NotificationKind.DEADLINE_REMINDER, NotificationKind.LAST_NOT_READY})
CAMPAIGN_KINDS = (
    NotificationKind.CAMPAIGN_STARTED,
    NotificationKind.TURN_STARTED,
    NotificationKind.CAMPAIGN_ENDED,
)


def _keep_text(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    # A `Text` stays one (a plain str would lose its template): it is said in the recipient's
    # language where it leaves (`app.channels.notifications.speech`).
    return value if isinstance(value, Text) else handler(value)


class CampaignRef(BaseModel):
    id: uuid.UUID
    name: str


class NotificationData(BaseModel):
    """The `data` of a JSON notification: the same facts the Discord and Slack texts show."""

    kind: NotificationKind
    campaign: CampaignRef
    turn: int = Field(description="The campaign's current turn when this was written.")
    text: Annotated[str, WrapValidator(_keep_text)] = Field(
        description="One sentence saying what happened, for people, in the recipient's language."
    )
    link: str = Field(description="Path of the resource to look at, under this API.")
    deadline_at: datetime | None = Field(
        default=None, description="The turn's (or the battles') deadline, if there is one."
    )
    pending_battles: int | None = Field(
        default=None, description="Battles waiting for a result (turn_started, campaign scope)."
    )
    battle_id: int | None = None
    edict_id: int | None = None


def subject(data: NotificationData) -> str:
    """What a notification is about, within its campaign and kind: one battle, one edict, the
    battles' deadline, or the turn. A turn deadline and a battle deadline (or two battles) are
    different subjects: in no channel does one hide the other (issue 46). The turn and the
    battles' deadline are the campaign's current ones: a newer turn's notice supersedes an
    older turn's (which is out of date), as it always did."""
    if data.battle_id is not None:
        return f"battle:{data.battle_id}"
    if data.edict_id is not None:
        return f"edict:{data.edict_id}"
    if data.kind is NotificationKind.DEADLINE_REMINDER and data.link.endswith("/battles"):
        return "battles"
    return "turn"


def collapse_key(campaign_id: uuid.UUID, data: NotificationData) -> str:
    """The collapse window's key, on every channel and in the inbox: the campaign, the kind
    and the subject (`{campaign id}:{kind}:{subject}`, at most 120 characters)."""
    return f"{campaign_id}:{data.kind.value}:{subject(data)}"


def _at(text: Text, deadline: datetime | None) -> Text:
    """`text`, and the deadline if there is one."""
    if deadline is None:
        return text
    return _("{text} Deadline: {at}.", text=text, at=deadline.strftime("%Y-%m-%d %H:%M UTC"))


def _base(campaign_id: uuid.UUID) -> str:
    return f"/v1/campaigns/{campaign_id}"


def campaign_started(
    cid: uuid.UUID, name: str, turn: int, deadline: datetime | None
) -> NotificationData:
    return NotificationData(
        kind=NotificationKind.CAMPAIGN_STARTED,
        campaign=CampaignRef(id=cid, name=name),
        turn=turn,
        text=_at(_("{name} has started: turn {turn} is open.", name=name, turn=turn), deadline),
        link=f"{_base(cid)}/turn",
        deadline_at=deadline,
    )


def turn_started(
    cid: uuid.UUID,
    name: str,
    turn: int,
    deadline: datetime | None,
    pending_battles: int | None,
    *,
    personal: bool,
) -> NotificationData:
    if personal:
        text = _("Turn {turn} of {name} has begun: your orders are open.", turn=turn, name=name)
    else:
        text = _("Turn {turn} of {name} has begun.", turn=turn, name=name)
    if pending_battles:
        text = ngettext(
            "{text} {count} battle waits for a result.",
            "{text} {count} battles wait for a result.",
            pending_battles,
            text=text,
            count=pending_battles,
        )
    return NotificationData(
        kind=NotificationKind.TURN_STARTED,
        campaign=CampaignRef(id=cid, name=name),
        turn=turn,
        text=_at(text, deadline),
        link=f"{_base(cid)}/turn",
        deadline_at=deadline,
        pending_battles=pending_battles,
    )


def summary_ready(cid: uuid.UUID, name: str, turn: int) -> NotificationData:
    return NotificationData(
        kind=NotificationKind.SUMMARY_READY,
        campaign=CampaignRef(id=cid, name=name),
        turn=turn,
        text=_("Your summary of turn {turn} of {name} is ready.", turn=turn - 1, name=name),
        link=f"{_base(cid)}/turns/{turn - 1}/summary",
    )


def battle_awaits(
    cid: uuid.UUID, name: str, turn: int, battle_id: int, *, confirmation: bool
) -> NotificationData:
    if confirmation:
        kind = NotificationKind.BATTLE_AWAITS_CONFIRMATION
        text = _("A battle report in {name} awaits confirmation.", name=name)
    else:
        kind = NotificationKind.BATTLE_AWAITS_REPORT
        text = _("A battle in {name} awaits your report.", name=name)
    return NotificationData(
        kind=kind,
        campaign=CampaignRef(id=cid, name=name),
        turn=turn,
        text=text,
        link=f"{_base(cid)}/battles/{battle_id}",
        battle_id=battle_id,
    )


def edict_awaits(cid: uuid.UUID, name: str, turn: int, edict_id: int) -> NotificationData:
    return NotificationData(
        kind=NotificationKind.EDICT_AWAITS_ANSWER,
        campaign=CampaignRef(id=cid, name=name),
        turn=turn,
        text=_("An edict in {name} awaits your answer.", name=name),
        link=f"{_base(cid)}/edicts/{edict_id}",
        edict_id=edict_id,
    )


def deadline_reminder(
    cid: uuid.UUID,
    name: str,
    turn: int,
    deadline: datetime,
    *,
    battle: bool,
    battle_id: int | None = None,
) -> NotificationData:
    if battle_id is not None:
        text = _(
            "A battle report in {name} confirms itself at its deadline unless you answer.",
            name=name,
        )
        link = f"{_base(cid)}/battles/{battle_id}"
    elif battle:
        text = _("A battle of {name} awaits you before the battle deadline.", name=name)
        link = f"{_base(cid)}/battles"
    else:
        text = _(
            "Turn {turn} of {name} ends soon and you have not declared ready.",
            turn=turn,
            name=name,
        )
        link = f"{_base(cid)}/turn"
    return NotificationData(
        kind=NotificationKind.DEADLINE_REMINDER,
        campaign=CampaignRef(id=cid, name=name),
        turn=turn,
        text=_at(text, deadline),
        link=link,
        deadline_at=deadline,
        battle_id=battle_id,
    )


def last_not_ready(
    cid: uuid.UUID, name: str, turn: int, deadline: datetime | None
) -> NotificationData:
    return NotificationData(
        kind=NotificationKind.LAST_NOT_READY,
        campaign=CampaignRef(id=cid, name=name),
        turn=turn,
        text=_at(
            _(
                "Everyone else in {name} is ready: turn {turn} waits for your orders.",
                name=name,
                turn=turn,
            ),
            deadline,
        ),
        link=f"{_base(cid)}/turn",
        deadline_at=deadline,
    )


def message_received(cid: uuid.UUID, name: str, turn: int) -> NotificationData:
    """A message for the recipient; its sender is not named (anonymity, R-CAMP-5)."""
    return NotificationData(
        kind=NotificationKind.MESSAGE_RECEIVED,
        campaign=CampaignRef(id=cid, name=name),
        turn=turn,
        text=_("A new message for you in {name}.", name=name),
        link=f"{_base(cid)}/messages",
    )


def campaign_ended(cid: uuid.UUID, name: str, turn: int) -> NotificationData:
    return NotificationData(
        kind=NotificationKind.CAMPAIGN_ENDED,
        campaign=CampaignRef(id=cid, name=name),
        turn=turn,
        text=_("{name} has ended: the standings are final.", name=name),
        link=f"{_base(cid)}/standings",
    )


def seat_open(cid: uuid.UUID, name: str, turn: int, number: int) -> NotificationData:
    """R-CAMP-12: a seat of a public campaign is open; the substitute may ask for it."""
    return NotificationData(
        kind=NotificationKind.SEAT_OPEN,
        campaign=CampaignRef(id=cid, name=name),
        turn=turn,
        text=_(
            "Seat {number} of {name} is open to substitutes: ask for it in the lobbies.",
            number=number,
            name=name,
        ),
        link="/v1/lobbies?status=active",
    )


def _place(number: int | None) -> Text:
    return _("a place in its lobby") if number is None else _("seat {number}", number=number)


def join_requested(cid: uuid.UUID, name: str, turn: int, number: int | None) -> NotificationData:
    """R-CAMP-11: to the owner, a user asks to join; they answer in the join requests."""
    return NotificationData(
        kind=NotificationKind.JOIN_REQUESTED,
        campaign=CampaignRef(id=cid, name=name),
        turn=turn,
        text=_(
            "A user asks for {place} of {name}: answer in its join requests.",
            place=_place(number),
            name=name,
        ),
        link=f"{_base(cid)}/join-requests",
    )


def join_answered(
    cid: uuid.UUID, name: str, turn: int, number: int | None, *, accepted: bool
) -> NotificationData:
    """R-CAMP-11: to the asker, the owner's yes (they now play) or no."""
    if accepted:
        return NotificationData(
            kind=NotificationKind.JOIN_ACCEPTED,
            campaign=CampaignRef(id=cid, name=name),
            turn=turn,
            text=_(
                "Your ask for {place} of {name} was accepted: you play in it now.",
                place=_place(number),
                name=name,
            ),
            link=_base(cid),
        )
    return NotificationData(
        kind=NotificationKind.JOIN_DECLINED,
        campaign=CampaignRef(id=cid, name=name),
        turn=turn,
        text=_("Your ask for {place} of {name} was declined.", place=_place(number), name=name),
        link="/v1/lobbies",
    )


def ping(cid: uuid.UUID, name: str, turn: int) -> NotificationData:
    return NotificationData(
        kind=NotificationKind.PING,
        campaign=CampaignRef(id=cid, name=name),
        turn=turn,
        text=_("Test message from Marchlords for {name}.", name=name),
        link=_base(cid),
    )
