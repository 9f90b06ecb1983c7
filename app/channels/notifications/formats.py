"""The bodies posted to an endpoint, one per format, from the notification's data.

- `json`: the Standard Webhooks envelope `{"type", "timestamp", "data"}`;
- `discord`: Discord's execute-webhook body: `content` (≤ 2,000 characters) and one embed
  (title ≤ 256, description ≤ 4,096, fields ≤ 25 of name ≤ 256 / value ≤ 1,024), with
  `allowed_mentions: {"parse": []}` so no name typed into a campaign pings anyone, and every
  user text (the sentence, the campaign's name) through `app.platform.chat.escape_markdown`,
  the interactions' own escape: one line, no Markdown, no `@`/`<@id>` mention;
- `slack`: Slack's incoming-webhook body: `text` (the notification fallback) and `blocks`
  (a `section` in mrkdwn, ≤ 3,000 characters, and a `context` line), with `&`, `<`, `>`
  escaped as Slack asks.

Rendering is deterministic: every attempt of a delivery posts the same bytes.
"""

import json
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from app.channels.notifications.messages import NotificationData, NotificationKind
from app.platform.chat import cut_escaped, escape_markdown, no_mentions
from app.platform.i18n import DEFAULT_LANGUAGE, Language, _, say
from app.store.models.notification import EndpointFormat

DISCORD_CONTENT_MAX = 2000
DISCORD_TITLE_MAX = 256
DISCORD_DESCRIPTION_MAX = 4096
DISCORD_FIELD_VALUE_MAX = 1024
SLACK_TEXT_MAX = 3000
# Discord's embed colour (a decimal RGB): Marchlords' banner red.
EMBED_COLOUR = 0xA83232


# ------------------------------------------------------------------ the documented shapes


class WebhookMessage(BaseModel):
    """A `json` endpoint's body (Standard Webhooks payload structure)."""

    type: NotificationKind
    timestamp: datetime = Field(description="When the notification was written.")
    data: NotificationData


class DiscordField(BaseModel):
    name: str = Field(max_length=256)
    value: str = Field(max_length=1024)
    inline: bool = True


class DiscordEmbed(BaseModel):
    title: str = Field(max_length=256)
    description: str = Field(max_length=4096)
    url: str | None = Field(default=None, description="Only with `MARCHLORDS_PUBLIC_URL` set.")
    timestamp: datetime
    color: int
    fields: list[DiscordField] = Field(max_length=25)


class DiscordAllowedMentions(BaseModel):
    parse: list[str] = Field(default_factory=list, max_length=0)


class DiscordMessage(BaseModel):
    """A `discord` endpoint's body: Discord's execute-webhook JSON parameters."""

    content: str = Field(max_length=2000)
    embeds: list[DiscordEmbed] = Field(max_length=10)
    allowed_mentions: DiscordAllowedMentions


class SlackText(BaseModel):
    type: Literal["mrkdwn"] = "mrkdwn"
    text: str = Field(max_length=3000)


class SlackBlock(BaseModel):
    type: Literal["section", "context"]
    text: SlackText | None = None
    elements: list[SlackText] | None = None


class SlackMessage(BaseModel):
    """A `slack` endpoint's body: Slack's incoming-webhook JSON (text + blocks)."""

    text: str
    blocks: list[SlackBlock]


# ------------------------------------------------------------------------------ rendering


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _link(data: NotificationData, public_url: str | None) -> str:
    return public_url.rstrip("/") + data.link if public_url else data.link


def _slack_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _timestamp(created_at: datetime) -> str:
    return created_at.isoformat().replace("+00:00", "Z")


def as_json(data: NotificationData, created_at: datetime) -> dict[str, Any]:
    message = WebhookMessage(type=data.kind, timestamp=created_at, data=data)
    body: dict[str, Any] = message.model_dump(mode="json")
    return body


# A notification kind's name, as a message's title.
KIND_TITLES = {
    NotificationKind.CAMPAIGN_STARTED: _("Campaign started"),
    NotificationKind.TURN_STARTED: _("Turn started"),
    NotificationKind.SUMMARY_READY: _("Summary ready"),
    NotificationKind.BATTLE_AWAITS_REPORT: _("Battle awaits report"),
    NotificationKind.BATTLE_AWAITS_CONFIRMATION: _("Battle awaits confirmation"),
    NotificationKind.EDICT_AWAITS_ANSWER: _("Edict awaits answer"),
    NotificationKind.DEADLINE_REMINDER: _("Deadline reminder"),
    NotificationKind.LAST_NOT_READY: _("Last not ready"),
    NotificationKind.MESSAGE_RECEIVED: _("Message received"),
    NotificationKind.CAMPAIGN_ENDED: _("Campaign ended"),
    NotificationKind.SEAT_OPEN: _("Seat open"),
    NotificationKind.PING: _("Ping"),
}


def kind_title(kind: NotificationKind, language: Language) -> str:
    """The title of a message of `kind` (a kind added without one: its name, in English)."""
    title = KIND_TITLES.get(kind)
    return say(title, language) if title else kind.value.replace("_", " ").capitalize()


def as_discord(
    data: NotificationData,
    created_at: datetime,
    public_url: str | None,
    language: Language = DEFAULT_LANGUAGE,
) -> dict[str, Any]:
    name = data.campaign.name
    fields: list[dict[str, Any]] = [
        {
            "name": say(_("Campaign"), language),
            "value": cut_escaped(escape_markdown(name), DISCORD_FIELD_VALUE_MAX),
        },
        {"name": say(_("Turn"), language), "value": str(data.turn)},
    ]
    if data.deadline_at is not None:
        unix = int(data.deadline_at.timestamp())
        deadline = say(_("Deadline"), language)
        fields.append({"name": deadline, "value": f"<t:{unix}:f> (<t:{unix}:R>)"})
    if data.pending_battles is not None:
        pending = say(_("Pending battles"), language)
        fields.append({"name": pending, "value": str(data.pending_battles)})
    link = _cut(_link(data, public_url), 1024)
    fields.append({"name": say(_("Link"), language), "value": link, "inline": False})
    embed: dict[str, Any] = {
        "title": _cut(kind_title(data.kind, language), DISCORD_TITLE_MAX),
        "description": cut_escaped(escape_markdown(data.text), DISCORD_DESCRIPTION_MAX),
        "timestamp": _timestamp(created_at),
        "color": EMBED_COLOUR,
        "fields": [{"inline": True, **f} for f in fields],
    }
    if public_url:
        embed["url"] = _link(data, public_url)
    return {
        "content": cut_escaped(escape_markdown(data.text), DISCORD_CONTENT_MAX),
        "embeds": [embed],
        "allowed_mentions": no_mentions(),
    }


def as_slack(
    data: NotificationData, public_url: str | None, language: Language = DEFAULT_LANGUAGE
) -> dict[str, Any]:
    link = _link(data, public_url)
    turn = say(_("turn {turn}", turn=data.turn), language)
    shown = f"<{link}|{_slack_escape(data.link)}>" if public_url else f"`{_slack_escape(link)}`"
    return {
        "text": _cut(_slack_escape(data.text), SLACK_TEXT_MAX),
        "blocks": [
            {
                "type": "section",
                "text": {"type": "mrkdwn", "text": _cut(_slack_escape(data.text), SLACK_TEXT_MAX)},
            },
            {
                "type": "context",
                "elements": [
                    {
                        "type": "mrkdwn",
                        "text": _cut(
                            f"*{_slack_escape(data.campaign.name)}* · {turn} · {shown}",
                            SLACK_TEXT_MAX,
                        ),
                    }
                ],
            },
        ],
    }


def render(
    fmt: EndpointFormat,
    data: NotificationData,
    created_at: datetime,
    public_url: str | None,
    language: Language = DEFAULT_LANGUAGE,
) -> str:
    """The exact body of a delivery (compact JSON), its labels in `language` (the text is
    said already)."""
    if fmt is EndpointFormat.DISCORD:
        body = as_discord(data, created_at, public_url, language)
    elif fmt is EndpointFormat.SLACK:
        body = as_slack(data, public_url, language)
    else:
        body = as_json(data, created_at)
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False)
