"""The campaign lobby and lifecycle (R-CAMP): create, join, pick, start, end."""

import secrets
import string
import uuid
from collections.abc import Iterable
from typing import Any

from anyio import to_thread
from sqlalchemy import ScalarSelect, and_, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from app.platform.db.base import utcnow
from app.platform.errors import Conflict, NotFound, RuleViolation, refuse
from app.platform.i18n import DEFAULT_LANGUAGE, Language, _, say
from app.platform.pagination import PageParams, paginate_rows
from app.play.campaigns.access import Membership, locked
from app.play.campaigns.clock import start_turn_clock
from app.play.campaigns.ruleset_schema import parse_variant
from app.play.campaigns.schemas import (
    CampaignCreate,
    CampaignPage,
    CampaignRead,
    CampaignUpdate,
    PlayerChoice,
    PlayerRead,
    SeatBotRead,
)
from app.play.ledger import service as ledger
from app.play.maps import service as maps
from app.rules.ruleset import RulesetError, ruleset_to_dict
from app.rules.setup import PlayerSetup, start_campaign, validate_setup
from app.store.events.revocations import Revocation, end_streams
from app.store.events.subscribers import tell_status_changed
from app.store.models import CampaignBlock, User
from app.store.models.campaign import Campaign, CampaignPlayer, CampaignStatus
from app.store.models.campaign_settings import CampaignSettings
from app.store.persistence import (
    campaign_options,
    load_map,
    load_ruleset,
    save_state,
    state_before_start,
)

_INVITE_ALPHABET = string.ascii_uppercase + string.digits


def new_invite_code() -> str:
    return "".join(secrets.choice(_INVITE_ALPHABET) for _ in range(8))


def ruleset_document(variant: dict[str, Any] | None) -> dict[str, Any]:
    """The full ruleset for a variant, or a 422 listing every fault (R-HOUSE-2)."""
    try:
        return ruleset_to_dict(parse_variant(variant))
    except RulesetError as exc:
        raise RuleViolation(
            "R-HOUSE-2",
            _("The ruleset variant is not valid."),
            violations=[{"path": path, "message": msg} for path, msg in exc.faults],
        ) from exc


async def _parse_variant(variant: dict[str, Any] | None) -> dict[str, Any]:
    # A variant of every list at its longest takes milliseconds to check: off the event loop.
    return await to_thread.run_sync(ruleset_document, variant)


def check_settings(settings: CampaignSettings, ruleset: dict[str, Any]) -> None:
    """Settings that the ruleset must provide for: enough factions, the game system (R-SYS)."""
    limit = min(len(ruleset["factions"]), ruleset["max_players"])
    if settings.max_players > limit:
        raise RuleViolation(
            "R-CAMP-1", _("A campaign of this ruleset takes at most {limit}.", limit=limit)
        )
    if settings.max_players < ruleset["min_players"]:
        least = ruleset["min_players"]
        raise RuleViolation(
            "R-CAMP-1", _("A campaign of this ruleset needs at least {least}.", least=least)
        )
    systems = {g["key"] for g in ruleset["game_systems"]}
    if settings.game_system != "custom" and settings.game_system not in systems:
        raise RuleViolation(
            "R-HOUSE-2",
            _("The ruleset has no game system '{game_system}'.", game_system=settings.game_system),
            violations=[{"path": "settings.game_system", "message": _("not in the ruleset")}],
        )


async def create(session: AsyncSession, data: CampaignCreate, owner: User) -> Campaign:
    ruleset = await _parse_variant(data.ruleset)
    check_settings(data.settings, ruleset)
    if data.map_id is not None:
        map_row = await maps.get_map(session, data.map_id, owner.id)
    elif data.generate_map is not None:
        map_row = await maps.create_generated_map(session, data.generate_map, owner.id)
    else:  # excluded by CampaignCreate's validator
        raise RuleViolation("R-MAP-4", _("A campaign needs a map."))
    campaign = Campaign(
        name=data.name,
        owner_id=owner.id,
        invite_code=new_invite_code(),
        map_id=map_row.id,
        ruleset=ruleset,
        settings=data.settings,
    )
    session.add(campaign)
    await session.flush()
    return campaign


async def list_mine(session: AsyncSession, user: User, page: PageParams) -> CampaignPage:
    """Campaigns the user owns or plays in, newest first (one query for the page)."""
    seat = aliased(CampaignPlayer)
    query = (
        select(Campaign, seat.number, _player_count())
        .outerjoin(seat, and_(seat.campaign_id == Campaign.id, seat.user_id == user.id))
        .where(or_(Campaign.owner_id == user.id, seat.number.is_not(None)))
        .order_by(Campaign.created_at.desc(), Campaign.id)
    )
    rows, total = await paginate_rows(session, query, page)
    items = (_read(c, c.owner_id == user.id, number, count) for c, number, count in rows)
    return CampaignPage.of(items, total, page)


def _player_count() -> ScalarSelect[int]:
    return (
        select(func.count())
        .where(CampaignPlayer.campaign_id == Campaign.id)
        .correlate(Campaign)
        .scalar_subquery()
    )


async def players_of(session: AsyncSession, campaign_id: uuid.UUID) -> list[CampaignPlayer]:
    rows = await session.scalars(
        select(CampaignPlayer)
        .where(CampaignPlayer.campaign_id == campaign_id)
        .order_by(CampaignPlayer.number)
    )
    return list(rows)


async def read_model(session: AsyncSession, m: Membership) -> CampaignRead:
    c = m.campaign
    count = await session.scalar(select(func.count()).where(CampaignPlayer.campaign_id == c.id))
    return _read(c, m.is_owner, m.player.number if m.player else None, count or 0)


def _read(c: Campaign, is_owner: bool, my_player: int | None, players: int) -> CampaignRead:
    return CampaignRead(
        id=c.id,
        name=c.name,
        status=c.status,
        turn=c.turn,
        map_id=c.map_id,
        settings=c.settings,
        is_owner=is_owner,
        my_player=my_player,
        invite_code=c.invite_code if is_owner else None,
        players=players,
        created_at=c.created_at,
        started_at=c.started_at,
        ended_at=c.ended_at,
    )


def anonymous_name(number: int, language: Language = DEFAULT_LANGUAGE) -> str:
    """R-CAMP-5: "Player A", "Player B"… by player number, in the reader's `language`
    ("Joueur B"): the client shows it as it is."""
    return say(_("Player {letter}", letter=string.ascii_uppercase[(number - 1) % 26]), language)


async def display_names(session: AsyncSession, m: Membership) -> dict[int, str]:
    """How the viewer sees each player's name: real names unless anonymity hides them (the
    owner and the players themselves see real names; a battle's names: `BattleNames`)."""
    rows = await session.execute(
        select(CampaignPlayer.number, User.display_name, CampaignPlayer.bot_difficulty)
        .outerjoin(User, User.id == CampaignPlayer.user_id)
        .where(CampaignPlayer.campaign_id == m.campaign.id)
    )
    return shown_names(
        m,
        [(number, seat_name(number, name, bot, m.language)) for number, name, bot in rows.all()],
    )


def vacant_name(number: int, language: Language = DEFAULT_LANGUAGE) -> str:
    """The name of a seat nobody holds yet (its offer unanswered or declined, R-CAMP-6)."""
    return say(_("Seat {number} (vacant)", number=number), language)


def seat_name(
    number: int, display_name: str | None, bot: object, language: Language = DEFAULT_LANGUAGE
) -> str | None:
    """The name a seat goes by before anonymity (`shown_names`): its holder's; a bot's seat
    nobody holds (R-BOT) is named like any seat under anonymity, "Player C", anonymity or
    not — its `bot` mark says what it is; None: a vacant seat."""
    if display_name is None and bot is not None:
        return anonymous_name(number, language)
    return display_name


def shown_names(
    m: Membership, rows: Iterable[tuple[int, str | None]], reveal: frozenset[int] = frozenset()
) -> dict[int, str]:
    """`display_names` of (number, display name) rows the caller has already read; a seat
    without a holder has no display name (None). `reveal`: seats named in full whatever
    anonymity says — only for `app.play.campaigns.battle_names`, which decides whose."""
    hidden = m.names_hidden
    me = m.player.number if m.player else None
    return {
        number: vacant_name(number, m.language)
        if name is None
        else name
        if not hidden or number == me or number in reveal
        else anonymous_name(number, m.language)
        for number, name in rows
    }


def _bot_read(m: Membership, p: CampaignPlayer) -> SeatBotRead | None:
    """R-BOT: every member is told a seat is a bot's (anonymity hides who holds a seat, not
    whether a person plays it); its difficulty and personality, only the owner, who chose them."""
    if not p.bot:
        return None
    if not m.is_owner:
        return SeatBotRead()
    return SeatBotRead(difficulty=p.bot_difficulty, personality=p.bot_personality)


async def list_players(session: AsyncSession, m: Membership) -> list[PlayerRead]:
    """The seats as the caller sees them, read with their holders' names in one statement."""
    # With each seat, whether the caller blocked its holder here (app/play/seat_blocks), in
    # the same statement; blocks by username are not shown: under anonymity they would say who
    # holds a seat.
    blocked = (
        select(CampaignBlock.blocked_id)
        .where(
            # The campaign as a parameter, not through the seat's row: the planner may then
            # scan the blocks alone, and each scan stays within the campaign (Citus shard).
            CampaignBlock.campaign_id == m.campaign.id,
            CampaignBlock.user_id == m.user.id,
            CampaignBlock.blocked_id == CampaignPlayer.user_id,
        )
        .exists()
    )
    rows = (
        await session.execute(
            select(CampaignPlayer, User.display_name, blocked)
            .outerjoin(User, User.id == CampaignPlayer.user_id)
            .where(CampaignPlayer.campaign_id == m.campaign.id)
            .order_by(CampaignPlayer.number)
        )
    ).all()
    seats = [(p, name) for p, name, _ in rows]
    blocked_seats = {p.number for p, _, is_blocked in rows if is_blocked}
    names = shown_names(
        m,
        [(p.number, seat_name(p.number, name, p.bot_difficulty, m.language)) for p, name in seats],
    )
    owner_number = next((p.number for p, _ in seats if p.user_id == m.campaign.owner_id), None)
    me = m.player.number if m.player else None
    now = utcnow()
    return [
        PlayerRead(
            number=p.number,
            name=names[p.number],
            faction=p.faction,
            slot=p.slot_index,
            ready=p.ready,
            inactive=p.inactive,
            infamy=p.infamy,
            missed_turns=p.missed_turns,
            missed_in_row=p.missed_in_row,
            civil_disorder=p.civil_disorder,
            offered=p.offered,
            vacation_days_used=p.vacation_days_used,
            vacation_until=p.vacation_until
            if p.vacation_until and p.vacation_until > now
            else None,
            vacant=p.user_id is None and not p.bot,
            bot=_bot_read(m, p),
            is_you=p.number == me,
            # With anonymity, which player is the owner would reveal a name.
            # The owner's seat, unless anonymity hides whose it is.
            is_owner=p.number == owner_number and (not m.names_hidden or p.number == me),
            blocked=p.number in blocked_seats,
        )
        for p, _ in seats
    ]


async def update(session: AsyncSession, m: Membership, data: CampaignUpdate) -> None:
    m.require_owner()
    m.require_status(CampaignStatus.LOBBY)
    c = m.campaign
    if data.name is not None:
        c.name = data.name
    if data.ruleset is not None:
        c.ruleset = await _parse_variant(data.ruleset)
    if data.settings is not None:
        c.settings = data.settings
    check_settings(c.settings, c.ruleset)
    await session.flush()


async def join(
    session: AsyncSession, campaign_id: uuid.UUID, user: User, invite_code: str
) -> CampaignPlayer:
    """Join with the invite code (R-CAMP-2).

    A wrong code and an unknown campaign get the same answer: the code is the secret, so the
    answer says it may be wrong without telling a stranger whether the campaign exists.
    """
    campaign = await session.scalar(locked(select(Campaign).where(Campaign.id == campaign_id)))
    if campaign is None or (
        campaign.owner_id != user.id
        and not secrets.compare_digest(campaign.invite_code, invite_code.upper())
    ):
        raise NotFound(_("Campaign not found, or wrong invite code."))
    players = await players_of(session, campaign_id)
    if any(p.user_id == user.id for p in players):
        raise Conflict(_("You already play in this campaign."), code="already_joined")
    if campaign.status is not CampaignStatus.LOBBY:
        raise Conflict(_("The campaign has already started."), code="R-CAMP-2")
    if len(players) >= campaign.settings.max_players:
        raise Conflict(_("The campaign is full."), code="R-CAMP-1")
    return await add_lobby_seat(session, campaign_id, players, user.id)


async def add_lobby_seat(
    session: AsyncSession,
    campaign_id: uuid.UUID,
    players: list[CampaignPlayer],
    user_id: uuid.UUID,
) -> CampaignPlayer:
    """A new seat of the lobby for `user_id`, after the seats `players` (read under the lock,
    the place checked free)."""
    player = CampaignPlayer(
        campaign_id=campaign_id,
        number=max((p.number for p in players), default=0) + 1,
        user_id=user_id,
        explored={},
    )
    session.add(player)
    await session.flush()
    return player


async def check_choice(
    session: AsyncSession, campaign: Campaign, number: int, faction: str | None, slot: int | None
) -> None:
    """A faction and a start slot seat `number` may take: known, unique in the campaign, and
    fitting each other (R-CAMP-2, R-CAMP-3); the caller holds the campaign lock."""
    game_map = await load_map(session, campaign.map_id)
    ruleset = load_ruleset(campaign)
    if faction is not None and faction not in {f.key for f in ruleset.factions}:
        raise RuleViolation("R-CAMP-2", _("Unknown faction '{faction}'.", faction=faction))
    if slot is not None and slot >= len(game_map.slots):
        raise RuleViolation(
            "R-CAMP-2", _("The map has {slots} start slots.", slots=len(game_map.slots))
        )
    for other in await players_of(session, campaign.id):
        if other.number == number:
            continue
        if faction is not None and other.faction == faction:
            raise Conflict(_("Another player already leads this faction."), code="R-CAMP-2")
        if slot is not None and other.slot_index == slot:
            raise Conflict(_("Another player already took this start slot."), code="R-CAMP-2")
    if faction is not None and slot is not None:
        entry = PlayerSetup(number, faction, game_map.slots[slot].coord)
        # Only the rules about this one entry (Dark Elves on a coast slot) can fail here.
        problems = [v for v in validate_setup(game_map, ruleset, [entry]) if v.rule != "R-CAMP-1"]
        if problems:
            raise RuleViolation(problems[0].rule, problems[0].message)


async def choose(session: AsyncSession, m: Membership, data: PlayerChoice) -> None:
    """Pick a faction and a start slot, each unique in the campaign (R-CAMP-2, R-CAMP-3)."""
    m.require_status(CampaignStatus.LOBBY)
    if m.player is None:
        raise NotFound(_("You do not play in this campaign."))
    faction = data.faction if data.faction is not None else m.player.faction
    slot = data.slot if data.slot is not None else m.player.slot_index
    await check_choice(session, m.campaign, m.player.number, faction, slot)
    m.player.faction = faction
    m.player.slot_index = slot
    await session.flush()


async def leave(session: AsyncSession, m: Membership) -> None:
    m.require_status(CampaignStatus.LOBBY)
    if m.player is None:
        raise NotFound(_("You do not play in this campaign."))
    await session.delete(m.player)
    await session.flush()
    await end_streams(session, Revocation(user_id=m.user.id, campaign_id=m.campaign.id))


async def start(session: AsyncSession, m: Membership) -> None:
    """Owner starts the campaign: the initial state of R-CAMP-3 for every seated player."""
    m.require_owner()
    m.require_status(CampaignStatus.LOBBY)
    campaign = m.campaign
    players = await players_of(session, campaign.id)
    if any(p.user_id is None and not p.bot for p in players):
        raise Conflict(
            _("A seat's user has not accepted it yet (R-CAMP-6): wait for the answer."),
            code="R-CAMP-2",
        )
    seated = [p for p in players if p.faction is not None and p.slot_index is not None]
    if len(seated) != len(players):
        raise Conflict(_("Every player must pick a faction and a start slot."), code="R-CAMP-2")
    game_map = await load_map(session, campaign.map_id)
    ruleset = load_ruleset(campaign)
    entries = [
        PlayerSetup(p.number, p.faction or "", game_map.slots[p.slot_index or 0].coord)
        for p in seated
    ]
    violations = validate_setup(game_map, ruleset, entries)
    if violations:
        raise refuse(violations, status=409)
    # Placing capitals and computing every player's first sight is CPU work: off the event loop.
    options = campaign_options(campaign)
    state, entries_gold = await to_thread.run_sync(
        start_campaign, game_map, ruleset, entries, options
    )
    await save_state(session, campaign, state_before_start(game_map, seated), state)
    await ledger.record(session, campaign.id, state.turn, entries_gold)
    campaign.status = CampaignStatus.ACTIVE
    campaign.started_at = utcnow()
    start_turn_clock(campaign, campaign.started_at, battles_declared=False)
    await session.flush()
    await tell_status_changed(session, campaign)


async def end(session: AsyncSession, m: Membership) -> None:
    """Owner ends the campaign (R-CAMP-4); standings stay readable."""
    m.require_owner()
    m.require_status(CampaignStatus.ACTIVE)
    m.campaign.status = CampaignStatus.FINISHED
    m.campaign.ended_at = utcnow()
    await session.flush()
    await tell_status_changed(session, m.campaign)
