"""`/marchlords` and its subcommands: each one the HTTP API's own service, said as text.

The caller is the Marchlords account linked to their Discord user; what they may see and do is
exactly what that account may through the API (the same membership, fog and anonymity). A
refusal (a rule, a missing membership) is the problem's text, in the caller's language, and
everything the refused command had written is rolled back (a savepoint). Answers about the
caller's own game are ephemeral (seen by them alone); binding a channel is said in it.
"""

import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.channels.discord import links
from app.channels.discord.interactions import APPLICATION_COMMAND, Interaction
from app.channels.discord.messages import reply
from app.platform.chat import escape_markdown
from app.platform.errors import AppError
from app.platform.i18n import Language, Text, _, say
from app.play.campaigns.access import Membership, load_membership
from app.play.campaigns.turn_context import load_turn_context
from app.play.orders import service as orders
from app.play.turns import service as turns
from app.store.models import OrderKind, User

COMMAND = "marchlords"


@dataclass(frozen=True)
class Call:
    """One slash command: who sent it, where, in what language, with which options."""

    interaction: Interaction
    discord_user_id: str
    language: Language
    options: dict[str, str]
    now: datetime
    public_url: str | None

    def say(self, text: str) -> str:
        return say(text, self.language)


Handler = Callable[[AsyncSession, Call], Awaitable[dict[str, Any]]]


def _answer(call: Call, *lines: str, ephemeral: bool = True) -> dict[str, Any]:
    return reply("\n".join(call.say(line) for line in lines), ephemeral=ephemeral)


class _Refused(Exception):
    """A command refused before any service was asked (no link, no bound channel)."""

    def __init__(self, text: Text) -> None:
        super().__init__(str(text))
        self.text = text


async def _caller(session: AsyncSession, call: Call) -> User:
    user = await links.linked_user(session, call.discord_user_id)
    if user is None:
        raise _Refused(
            _(
                "Link your Marchlords account first: make a code in the web client's "
                "settings, then `/marchlords link code:<code>`."
            )
        )
    return user


async def _bound(session: AsyncSession, call: Call) -> uuid.UUID:
    channel = call.interaction.channel_id
    campaign_id = await links.bound_campaign(session, channel) if channel else None
    if campaign_id is None:
        raise _Refused(
            _("No campaign is bound to this channel: its owner binds one with `/marchlords bind`.")
        )
    return campaign_id


def _name(m: Membership) -> str:
    return escape_markdown(m.campaign.name)


# ------------------------------------------------------------------------------- commands


async def link(session: AsyncSession, call: Call) -> dict[str, Any]:
    user = await links.redeem(session, call.options.get("code", ""), call.discord_user_id, call.now)
    if user is None:
        return _answer(call, _("This code is unknown, used or expired: make a new one."))
    return _answer(
        call,
        _(
            "Your Discord account is now linked to {name}.",
            name=escape_markdown(user.display_name),
        ),
    )


async def bind(session: AsyncSession, call: Call) -> dict[str, Any]:
    channel = call.interaction.channel_id
    if channel is None:
        raise _Refused(_("Bind a campaign from a channel."))
    user = await _caller(session, call)
    try:
        campaign_id = uuid.UUID(call.options.get("campaign", ""))
    except ValueError:
        raise _Refused(_("Campaign not found.")) from None
    m = await load_membership(session, campaign_id, user)
    m.require_owner()
    await links.lock_channel(session, channel)
    bound = await links.bound_campaign(session, channel)
    if bound is not None and bound != campaign_id:
        await _may_unbind(session, call, user, bound)
    await links.bind(session, m, channel, call.interaction.guild_id, call.now)
    return _answer(
        call, _("This channel now follows the campaign {name}.", name=_name(m)), ephemeral=False
    )


async def _may_unbind(
    session: AsyncSession, call: Call, user: User, campaign_id: uuid.UUID
) -> None:
    """The bound campaign's owner, or who manages the server's channels, may unbind it."""
    if call.interaction.manages_channel:
        return
    try:
        (await load_membership(session, campaign_id, user)).require_owner()
    except AppError:
        raise _Refused(
            _(
                "Only the bound campaign's owner, or who manages this server's channels, may "
                "unbind this channel."
            )
        ) from None


async def unbind(session: AsyncSession, call: Call) -> dict[str, Any]:
    user = await _caller(session, call)
    await links.lock_channel(session, call.interaction.channel_id or "")
    campaign_id = await _bound(session, call)
    await _may_unbind(session, call, user, campaign_id)
    await links.unbind(session, call.interaction.channel_id or "")
    return _answer(call, _("This channel follows no campaign any more."), ephemeral=False)


async def status(session: AsyncSession, call: Call) -> dict[str, Any]:
    user = await _caller(session, call)
    # The seats the server names itself ("Player B") in the caller's language too.
    m = await load_membership(session, await _bound(session, call), user, language=call.language)
    turn = await turns.read_turn(session, m, call.language)
    lines: list[str] = [_("{name}: turn {turn}", name=_name(m), turn=turn.number)]
    if turn.paused:
        lines.append(_("The deadlines are paused."))
    elif turn.deadline_at is not None:
        # Discord shows `<t:…:R>` in each reader's own time zone ("in 3 hours").
        when = f"<t:{int(turn.deadline_at.timestamp())}:R>"
        lines.append(_("Deadline: {when}", when=when))
    for player in turn.players:
        mark = "✅" if player.ready or player.civil_disorder else "⏳"
        lines.append(f"{mark} {escape_markdown(player.name)}")
    lines.extend(turn.blocked_by)  # said in the caller's language already
    if turn.awaiting_owner:
        lines.append(_("Everyone is ready: the owner confirms the turn change."))
    return _answer(call, *lines)


async def ready(session: AsyncSession, call: Call) -> dict[str, Any]:
    user = await _caller(session, call)
    campaign_id = await _bound(session, call)
    # As `PUT …/turn/ready`: the campaign locked, then the same service.
    m = await load_membership(session, campaign_id, user, lock=True)
    number = m.campaign.turn
    await turns.set_ready(session, m, True)
    return _answer(call, _("You are ready for turn {turn} of {name}.", turn=number, name=_name(m)))


_KINDS: dict[OrderKind, Text] = {
    OrderKind.MOVE: _("move"),
    OrderKind.BUILD: _("build"),
    OrderKind.RAISE: _("raise an army"),
    OrderKind.UPGRADE: _("upgrade"),
    OrderKind.RECRUIT: _("recruit a general"),
    OrderKind.FACTION_ACTION: _("faction action"),
    OrderKind.ENTRENCH: _("entrench"),
}


async def my_orders(session: AsyncSession, call: Call) -> dict[str, Any]:
    user = await _caller(session, call)
    m = await load_membership(session, await _bound(session, call), user)
    # As `GET …/orders`: the caller's turn (players of an active campaign only).
    ctx = await load_turn_context(session, m)
    given = orders.read_orders(await orders.my_orders(session, ctx))
    if not given:
        return _answer(call, _("You gave no orders this turn."))
    lines: list[str] = [_("Your orders for turn {turn}:", turn=m.campaign.turn)]
    for order in given:
        parts = [f"#{order.id}", call.say(_KINDS.get(order.kind, order.kind.value))]
        if order.build_kind:
            parts.append(str(order.build_kind))
        if order.army_id is not None:
            parts.append(call.say(_("army {id}", id=order.army_id)))
        if order.q is not None and order.r is not None:
            parts.append(f"({order.q}, {order.r})")
        if order.path:
            parts.append("→ " + " ".join(f"({q}, {r})" for q, r in order.path))
        parts.append(call.say(_("{gold} gold", gold=order.total_cost)))
        lines.append("• " + escape_markdown(" ".join(parts)))
    return _answer(call, *lines)


async def map_link(session: AsyncSession, call: Call) -> dict[str, Any]:
    user = await _caller(session, call)
    m = await load_membership(session, await _bound(session, call), user)
    path = f"/campaigns/{m.campaign.id}"  # the web client's page of the campaign: its map
    if call.public_url is None:
        shown = f"`{path}`"
        return _answer(call, _("Your map: open {path} on this game's server.", path=shown))
    url = f"<{call.public_url.rstrip('/')}{path}>"  # <…>: no embedded preview
    return _answer(call, _("Your map: {url}", url=url))


HANDLERS: dict[str, Handler] = {
    "link": link,
    "bind": bind,
    "unbind": unbind,
    "status": status,
    "ready": ready,
    "orders": my_orders,
    "map": map_link,
}


async def answer(
    session: AsyncSession, interaction: Interaction, now: datetime, public_url: str | None
) -> dict[str, Any]:
    """The answer to a slash command (a refusal is an answer too, never an HTTP error)."""
    name, options = interaction.subcommand()
    caller = interaction.caller
    handler = HANDLERS.get(name)
    call = Call(interaction, caller or "", interaction.language, options, now, public_url)
    if (
        interaction.type != APPLICATION_COMMAND
        or interaction.data is None
        or interaction.data.name != COMMAND
        or handler is None
        or caller is None
    ):
        return _answer(call, _("Unknown command: try `/marchlords status`."))
    try:
        # What a refused command wrote is undone, and only that (the request's transaction
        # goes on, and commits nothing of it).
        async with session.begin_nested():
            return await handler(session, call)
    except _Refused as refused:
        return _answer(call, refused.text)
    except AppError as error:
        # A problem's text is the server's, but it may quote what a user typed.
        return _answer(call, escape_markdown(call.say(error.detail)))
