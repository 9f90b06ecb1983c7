"""Seats (`marchlords seat …`): offer yours, the owner's handover, stewards and bots, who held
a seat, the seats offered to you (accept or decline), and vacations (R-CAMP-6 … R-CAMP-9,
R-BOT)."""

import uuid
from typing import Annotated

import typer
from marchlords_client.api.bots import bots_put_seat_bot, bots_remove_seat_bot
from marchlords_client.api.campaigns import campaigns_set_player_status
from marchlords_client.api.seats import (
    seats_accept_seat_offer,
    seats_cancel_seat_offer,
    seats_decline_seat_offer,
    seats_end_vacation,
    seats_hand_over_seat,
    seats_list_my_seat_offers,
    seats_list_seat_holders,
    seats_list_seat_offers,
    seats_offer_seat,
    seats_read_vacation,
    seats_start_vacation,
    seats_withdraw_seat_offer,
)
from marchlords_client.models import (
    BotSet,
    Difficulty,
    Handover,
    Personality,
    PlayerStatusUpdate,
    VacationStart,
)
from marchlords_client.types import UNSET

from marchlords_cli.common import CampaignOption, JsonOption, call, group, key, run, session, show

seat = group("Seats: offer yours, hand one over or give it a steward (owner), vacations.")
SeatArgument = Annotated[int, typer.Argument(help="The seat's player number.")]


@seat.command("offer")
def offer(
    campaign: CampaignOption,
    undo: Annotated[bool, typer.Option("--undo", help="Take the offer back.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Offer your seat to someone else: the owner may then hand it over."""
    endpoint = seats_withdraw_seat_offer if undo else seats_offer_seat
    run(
        campaign,
        as_json,
        lambda c, cid: endpoint.sync_detailed(cid, client=c, idempotency_key=key()),
        lambda p: [f"seat {p['number']}: {'offered' if p.get('offered') else 'not offered'}"],
    )


@seat.command("handover")
def handover(
    campaign: CampaignOption,
    number: SeatArgument,
    username: Annotated[str, typer.Argument(help="The user who takes the seat.")],
    as_json: JsonOption = False,
) -> None:
    """Offer a seat to a user who holds none in the campaign (owner): theirs once they accept."""
    body = Handover(username=username)
    run(
        campaign,
        as_json,
        lambda c, cid: seats_hand_over_seat.sync_detailed(
            cid, number, client=c, body=body, idempotency_key=key()
        ),
        lambda o: [f"seat {o['number']} offered to {o['username']} (offer {o['id']})"],
    )


OfferArgument = Annotated[uuid.UUID, typer.Argument(help="The offer's id (`seat offers`).")]


@seat.command("offers")
def offers(
    campaign: Annotated[
        str | None,
        typer.Option("--campaign", "-c", help="The owner's view: the campaign's pending offers."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """The seats offered to you, or with `-c` the pending offers of your campaign (owner)."""
    if campaign is not None:
        run(
            campaign,
            as_json,
            lambda c, cid: seats_list_seat_offers.sync_detailed(cid, client=c),
            lambda items: (
                [f"{o['id']}  seat {o['number']} to {o['username']} ({o['origin']})" for o in items]
                or ["(none)"]
            ),
        )
        return
    with session() as client:
        page = call(lambda: seats_list_my_seat_offers.sync_detailed(client=client), as_json)
    show(
        page,
        as_json,
        lambda p: (
            [
                f"{o['id']}  {o['campaign_name']}: seat {o['number']}"
                f" ({o.get('faction') or 'faction not chosen'}), offered by {o['offered_by']}"
                for o in p["items"]
            ]
            or ["(none)"]
        ),
    )


@seat.command("accept")
def accept(offer_id: OfferArgument, as_json: JsonOption = False) -> None:
    """Take a seat offered to you: you become a player of its campaign."""
    with session() as client:
        joined = call(
            lambda: seats_accept_seat_offer.sync_detailed(
                offer_id, client=client, idempotency_key=key()
            ),
            as_json,
        )
    show(joined, as_json, lambda c: [f"you now play in {c['name']} ({c['id']})"])


@seat.command("decline")
def decline(offer_id: OfferArgument, as_json: JsonOption = False) -> None:
    """Decline a seat offered to you: it goes back to whoever offered it."""
    with session() as client:
        call(
            lambda: seats_decline_seat_offer.sync_detailed(
                offer_id, client=client, idempotency_key=key()
            ),
            as_json,
        )
    show(None, as_json, "offer declined")


@seat.command("withdraw")
def withdraw(
    campaign: CampaignOption, offer_id: OfferArgument, as_json: JsonOption = False
) -> None:
    """Withdraw a pending offer of your campaign (owner)."""
    run(
        campaign,
        as_json,
        lambda c, cid: seats_cancel_seat_offer.sync_detailed(
            cid, offer_id, client=c, idempotency_key=key()
        ),
        "offer withdrawn",
    )


@seat.command("steward")
def steward(
    campaign: CampaignOption,
    number: SeatArgument,
    end: Annotated[bool, typer.Option("--end", help="End the stewardship.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Give an absent seat a steward (always ready, its battles the owner's), or `--end` it."""
    body = PlayerStatusUpdate(inactive=not end)
    run(
        campaign,
        as_json,
        lambda c, cid: campaigns_set_player_status.sync_detailed(
            cid, number, client=c, body=body, idempotency_key=key()
        ),
        lambda p: [f"seat {p['number']}: {'steward' if p.get('inactive') else 'its holder plays'}"],
    )


@seat.command("bot")
def bot(
    campaign: CampaignOption,
    number: SeatArgument,
    difficulty: Annotated[
        Difficulty, typer.Option("--difficulty", "-d", help="easy or normal (R-BOT-1).")
    ] = Difficulty.NORMAL,
    personality: Annotated[
        Personality, typer.Option("--personality", "-p", help="builder, raider or turtle.")
    ] = Personality.BUILDER,
    faction: Annotated[
        str | None, typer.Option("--faction", help="In the lobby: a new seat's faction.")
    ] = None,
    slot: Annotated[
        int | None, typer.Option("--slot", help="In the lobby: a new seat's start slot.")
    ] = None,
    end: Annotated[bool, typer.Option("--end", help="Take the bot off the seat.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Put a bot on a seat (owner): an empty lobby seat, or a seat in civil disorder; or
    `--end` to take it off (R-BOT)."""
    if end:
        run(
            campaign,
            as_json,
            lambda c, cid: bots_remove_seat_bot.sync_detailed(
                cid, number, client=c, idempotency_key=key()
            ),
            f"seat {number}: the bot is off",
        )
        return
    body = BotSet(
        difficulty=difficulty,
        personality=personality,
        faction=faction if faction is not None else UNSET,
        slot=slot if slot is not None else UNSET,
    )
    run(
        campaign,
        as_json,
        lambda c, cid: bots_put_seat_bot.sync_detailed(
            cid, number, client=c, body=body, idempotency_key=key()
        ),
        lambda p: [
            f"seat {p['number']} ({p.get('faction')}): a {(p.get('bot') or {}).get('difficulty')} "
            f"{(p.get('bot') or {}).get('personality')} bot"
        ],
    )


@seat.command("holders")
def holders(campaign: CampaignOption, number: SeatArgument, as_json: JsonOption = False) -> None:
    """Who held the seat, from which turn to which."""
    run(
        campaign,
        as_json,
        lambda c, cid: seats_list_seat_holders.sync_detailed(cid, number, client=c),
        lambda items: [
            f"{h.get('name')}: turn {h.get('from_turn')} to {h.get('to_turn') or 'now'}"
            for h in items
        ],
    )


@seat.command("vacation")
def vacation(
    campaign: CampaignOption,
    days: Annotated[
        int | None, typer.Argument(help="Days away (none: show your vacation days).")
    ] = None,
    end: Annotated[bool, typer.Option("--end", help="Come back early.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Go away for DAYS (the deadline moves back), `--end` it early, or show your days."""
    if end and days is not None:
        raise typer.BadParameter("either DAYS or --end")
    if end:
        request = lambda c, cid: seats_end_vacation.sync_detailed(  # noqa: E731
            cid, client=c, idempotency_key=key()
        )
    elif days is not None:
        body = VacationStart(days=days)
        request = lambda c, cid: seats_start_vacation.sync_detailed(  # noqa: E731
            cid, client=c, body=body, idempotency_key=key()
        )
    else:
        request = lambda c, cid: seats_read_vacation.sync_detailed(cid, client=c)  # noqa: E731
    run(
        campaign,
        as_json,
        request,
        lambda v: [
            f"vacation: {v['days_used']} days used, {v['days_left']} left"
            + (f", away until {v['until']}" if v.get("until") else "")
        ],
    )


def install(app: typer.Typer) -> None:
    app.add_typer(seat, name="seat")
