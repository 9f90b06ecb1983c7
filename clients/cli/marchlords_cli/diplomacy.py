"""Diplomacy: messages (`marchlords message …`), edicts (`edict …`) and treaties (`treaty …`)."""

import json
from collections.abc import Iterable
from typing import Annotated, Any, Literal

import typer
from marchlords_client.api.diplomacy import (
    diplomacy_accept_edict,
    diplomacy_break_treaty,
    diplomacy_issue_edict,
    diplomacy_list_edicts,
    diplomacy_list_treaties,
    diplomacy_read_edict,
    diplomacy_read_treaty,
    diplomacy_refuse_edict,
    diplomacy_withdraw_edict,
)
from marchlords_client.api.messages import (
    messages_count_unread_messages,
    messages_list_message_threads,
    messages_list_messages,
    messages_mark_message_thread_read,
    messages_mark_messages_read,
    messages_send_message,
)
from marchlords_client.api.moderation import moderation_block_seat, moderation_unblock_seat
from marchlords_client.models import (
    DiplomaticEdict,
    EdictKind,
    ExplorationEdict,
    GiftEdict,
    MessageCreate,
    ReadMark,
    ReleasePrisonerEdict,
    TradeEdict,
    VassalageEdict,
    VassalOffer,
)
from marchlords_client.types import UNSET

from marchlords_cli.common import (
    CampaignOption,
    JsonOption,
    coordinates,
    group,
    in_campaign,
    key,
    maybe,
    run,
    show,
)

message = group("Messages between players: send, list, threads, mark read, block a seat.")
edict = group("Edicts: one a turn, paid when issued; the addressee accepts or refuses.")
treaty = group("Treaties that accepted edicts made.")

EDICTS: dict[str, Any] = {
    "embassy": DiplomaticEdict,
    "pact": DiplomaticEdict,
    "alliance": DiplomaticEdict,
    "exploration": ExplorationEdict,
    "gift": GiftEdict,
    "release_prisoner": ReleasePrisonerEdict,
    "trade": TradeEdict,
    "vassalage": VassalageEdict,
}
EdictArgument = Annotated[int, typer.Argument(help="The edict's id (`marchlords edict list`).")]
TreatyArgument = Annotated[int, typer.Argument(help="The treaty's id (`marchlords treaty list`).")]


# -- messages ----------------------------------------------------------------------------------


def message_lines(m: dict[str, Any]) -> Iterable[str]:
    sender = m["sender"]
    to = "all" if m.get("to_all") else ",".join(str(r["number"]) for r in m.get("recipients", []))
    mark = " " if m.get("read") or m.get("sent_by_you") else "*"
    yield (
        f"{mark} {m['id']} turn {m['turn']} from {sender['number']} ({sender['name']}) to {to}: "
        f"{m['body']}"
    )


@message.command("send")
def send(
    campaign: CampaignOption,
    to: Annotated[str, typer.Argument(help="Player numbers (2 or 2,3), or all.")],
    body: Annotated[str, typer.Argument(help="The message.")],
    as_json: JsonOption = False,
) -> None:
    """Write to one player, several or all (within the campaign's word limit)."""
    recipients: list[int] | Literal["all"]
    if to.strip().lower() == "all":
        recipients = "all"
    else:
        try:
            recipients = [int(part) for part in to.split(",")]
        except ValueError:
            raise typer.BadParameter(f"{to!r}: player numbers like 2 or 2,3, or all") from None
    request = MessageCreate(to=recipients, body=body)
    run(
        campaign,
        as_json,
        lambda c, cid: messages_send_message.sync_detailed(
            cid, client=c, body=request, idempotency_key=key()
        ),
        lambda m: [f"message {m['id']} sent"],
    )


@message.command("list")
def list_messages(
    campaign: CampaignOption,
    unread: Annotated[bool, typer.Option("--unread", help="Only those not read yet.")] = False,
    limit: Annotated[int, typer.Option(min=1, max=100, help="How many, newest first.")] = 50,
    before: Annotated[int | None, typer.Option(help="Older than this message id.")] = None,
    thread: Annotated[
        int | None,
        typer.Option(help="Only your conversation with this player (0: messages to everyone)."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Your messages, sent and received, newest first (`*`: not read yet)."""
    page = in_campaign(
        campaign,
        as_json,
        lambda c, cid: messages_list_messages.sync_detailed(
            cid, client=c, limit=limit, before=maybe(before), thread=maybe(thread)
        ),
    )
    if unread:
        page["items"] = [m for m in page["items"] if not m["read"] and not m["sent_by_you"]]
    show(
        page, as_json,
        lambda p: [line for m in p["items"] for line in message_lines(m)] or ["(none)"],
    )  # fmt: skip


def thread_line(t: dict[str, Any]) -> str:
    who = t["correspondent"]
    name = f"{who['number']} ({who['name']})" if who else "0 (everyone)"
    last = t["last"]["body"] if t.get("last") else "(no message yet)"
    return f"{name}: {t['unread']} unread; last: {last}"


@message.command("threads")
def threads(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Your conversations: each other player and everyone, newest first, with unread counts."""
    run(
        campaign,
        as_json,
        lambda c, cid: messages_list_message_threads.sync_detailed(cid, client=c),
        lambda p: [thread_line(t) for t in p["items"]],
    )


Seat = Annotated[int, typer.Argument(help="The seat's number (its player number).")]


@message.command("block")
def block_seat(seat: Seat, campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Block a seat's holder in this campaign (they are not told; you learn no name)."""
    run(
        campaign,
        as_json,
        lambda c, cid: moderation_block_seat.sync_detailed(cid, seat, client=c),
        f"seat {seat} blocked",
    )


@message.command("unblock")
def unblock_seat(seat: Seat, campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Undo a block of a seat's holder in this campaign."""
    run(
        campaign,
        as_json,
        lambda c, cid: moderation_unblock_seat.sync_detailed(cid, seat, client=c),
        f"seat {seat} no longer blocked",
    )


@message.command("read")
def mark_read(
    campaign: CampaignOption,
    up_to: Annotated[
        int | None, typer.Option(help="Up to this message id (default: the newest).")
    ] = None,
    thread: Annotated[
        int | None,
        typer.Option(help="Only this conversation: 0, everyone; N, the one with player N."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Mark your messages read, up to the newest (or `--up-to ID`), or one `--thread` only."""

    def request(c: Any, cid: Any) -> Any:
        newest = up_to
        if newest is None:
            page = messages_list_messages.sync_detailed(
                cid, client=c, limit=1, thread=UNSET if thread is None else thread
            )
            if page.status_code >= 400:
                return page
            newest = int(json.loads(page.content).get("newest_id") or 0)
        if thread is not None:
            return messages_mark_message_thread_read.sync_detailed(
                cid, thread, client=c, body=ReadMark(up_to=newest), idempotency_key=key()
            )
        return messages_mark_messages_read.sync_detailed(
            cid, client=c, body=ReadMark(up_to=newest), idempotency_key=key()
        )

    run(campaign, as_json, request, lambda u: [f"unread: {u.get('unread', u)}"])


@message.command("unread")
def unread_count(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """How many messages you have not read."""
    run(
        campaign,
        as_json,
        lambda c, cid: messages_count_unread_messages.sync_detailed(cid, client=c),
        lambda u: [f"unread: {u.get('unread', u)}"],
    )


# -- edicts ------------------------------------------------------------------------------------


def edict_lines(e: dict[str, Any]) -> Iterable[str]:
    to = f" to {e['recipient']} ({e['recipient_name']})" if e.get("recipient") else ""
    details = "  ".join(
        f"{name}={e[name]}"
        for name in ("amount", "q", "r", "my_city_id", "their_city_id", "offer", "general_id")
        if e.get(name) is not None
    )
    yield (
        f"edict {e['id']} turn {e['turn']}: {e['kind']} from {e['sender']} ({e['sender_name']})"
        f"{to}, {e['status']}, cost {e['cost']}  {details}".rstrip()
    )


@edict.command("list")
def list_edicts(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """The edicts you issued or received."""
    run(
        campaign,
        as_json,
        lambda c, cid: diplomacy_list_edicts.sync_detailed(cid, client=c, limit=100),
        lambda p: [line for e in p["items"] for line in edict_lines(e)] or ["(none)"],
    )


@edict.command("show")
def read_edict(campaign: CampaignOption, edict: EdictArgument, as_json: JsonOption = False) -> None:
    """One edict."""
    run(
        campaign, as_json, lambda c, cid: diplomacy_read_edict.sync_detailed(cid, edict, client=c),
        edict_lines,
    )  # fmt: skip


@edict.command("issue")
def issue(
    campaign: CampaignOption,
    kind: Annotated[EdictKind, typer.Argument(help="What kind of edict.")],
    to: Annotated[int | None, typer.Option(help="The player it is addressed to.")] = None,
    amount: Annotated[int | None, typer.Option(help="gift: the gold given.")] = None,
    tile: Annotated[str | None, typer.Option(help="exploration: the tile, Q,R.")] = None,
    my_city: Annotated[int | None, typer.Option(help="trade: your city.")] = None,
    their_city: Annotated[int | None, typer.Option(help="trade: their city.")] = None,
    offer: Annotated[VassalOffer | None, typer.Option(help="vassalage: which way.")] = None,
    general: Annotated[int | None, typer.Option(help="release_prisoner: the general.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Issue your one edict of the turn; its cost is paid now (R-DIP-2).

    embassy, pact, alliance: --to; gift: --to --amount; exploration: --tile;
    trade: --my-city --their-city; vassalage: --to --offer; release_prisoner: --general.
    """
    fields: dict[str, Any] = {
        "kind": kind.value,
        "to": to,
        "amount": amount,
        "my_city_id": my_city,
        "their_city_id": their_city,
        "offer": offer.value if offer is not None else None,
        "general_id": general,
    }
    if tile is not None:
        fields["q"], fields["r"] = coordinates(tile)
    given = {name: value for name, value in fields.items() if value is not None}
    try:
        body = EDICTS[kind.value].from_dict(given)
    except (KeyError, TypeError, ValueError) as error:
        raise typer.BadParameter(f"a {kind.value} edict needs {error}") from None
    run(
        campaign,
        as_json,
        lambda c, cid: diplomacy_issue_edict.sync_detailed(
            cid, client=c, body=body, idempotency_key=key()
        ),
        edict_lines,
    )


def answer_edict(name: str, endpoint: Any, help_text: str) -> None:
    def command(
        campaign: CampaignOption, edict: EdictArgument, as_json: JsonOption = False
    ) -> None:
        run(
            campaign,
            as_json,
            lambda c, cid: endpoint.sync_detailed(cid, edict, client=c, idempotency_key=key()),
            edict_lines,
        )

    command.__doc__ = help_text
    edict.command(name)(command)


answer_edict("accept", diplomacy_accept_edict, "Accept an edict addressed to you.")
answer_edict("refuse", diplomacy_refuse_edict, "Refuse an edict addressed to you.")
answer_edict("withdraw", diplomacy_withdraw_edict, "Withdraw your edict before it is answered.")


# -- treaties ----------------------------------------------------------------------------------


def treaty_lines(t: dict[str, Any]) -> Iterable[str]:
    until = f" until turn {t['ends_turn']}" if t.get("ends_turn") else ""
    yield (
        f"treaty {t['id']}: {t['kind']} between {t['a']} ({t['a_name']}) and {t['b']} "
        f"({t['b_name']}) since turn {t['since_turn']}{until}, {t['status']}"
    )


@treaty.command("list")
def list_treaties(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """The treaties you are part of."""
    run(
        campaign,
        as_json,
        lambda c, cid: diplomacy_list_treaties.sync_detailed(cid, client=c),
        lambda items: [line for t in items for line in treaty_lines(t)] or ["(none)"],
    )


@treaty.command("show")
def read_treaty(
    campaign: CampaignOption, treaty: TreatyArgument, as_json: JsonOption = False
) -> None:
    """One treaty."""
    run(
        campaign, as_json,
        lambda c, cid: diplomacy_read_treaty.sync_detailed(cid, treaty, client=c), treaty_lines,
    )  # fmt: skip


@treaty.command("break")
def break_treaty(
    campaign: CampaignOption, treaty: TreatyArgument, as_json: JsonOption = False
) -> None:
    """Break a treaty (infamy follows, R-DIP)."""
    run(
        campaign,
        as_json,
        lambda c, cid: diplomacy_break_treaty.sync_detailed(
            cid, treaty, client=c, idempotency_key=key()
        ),
        treaty_lines,
    )


def install(app: typer.Typer) -> None:
    app.add_typer(message, name="message")
    app.add_typer(edict, name="edict")
    app.add_typer(treaty, name="treaty")
