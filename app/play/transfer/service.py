"""Export a whole campaign as one document, and import it here (R-CAMP-9).

The document holds the rows of the game as stored (`app/play/transfer/schemas.py`), so an import
writes them back unchanged and exporting the copy gives the same document: only the ids that
belong to a server (the campaign's, the map's, users', counters) stay behind.
"""

import base64
import binascii
import uuid
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from anyio import to_thread
from pydantic import TypeAdapter, ValidationError
from sqlalchemy import Table, Text, cast, func, insert, literal, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import table_of, utcnow
from app.platform.db.bulk import unnested
from app.platform.errors import Conflict, Forbidden, RuleViolation
from app.platform.i18n import _
from app.platform.pagination import PageParams
from app.play.battles.service import list_battles
from app.play.campaigns.access import Membership
from app.play.campaigns.service import check_settings, new_invite_code, players_of, ruleset_document
from app.play.history.service import standings, summary_event
from app.play.maps.service import parse_map, store_map
from app.play.me.service import ledger_page, read_me
from app.play.rosters.formats import MAX_FILE_BYTES
from app.play.seats.service import make_offer
from app.play.transfer.checks import document_faults, too_deep
from app.play.transfer.schemas import (
    FORMAT,
    MAX_ARMY_BATTLES,
    MAX_FIELDED,
    MAX_HOUSE_RULE_CHANGES,
    MAX_HOUSE_RULES,
    MAX_LEDGER,
    MAX_MESSAGES,
    MAX_ROSTERS,
    MAX_ROWS,
    MAX_SEATS,
    MAX_TURNS,
    VERSION,
    WORLD_TABLES,
    CampaignExport,
    CampaignImport,
    ImportedCampaign,
    MessageExport,
    travelling_columns,
)
from app.play.world.service import ARMY_EXTRAS, army_list, load_view, world_map_json
from app.rules import visibility
from app.rules.ruleset import parse_ruleset
from app.store.events.kinds import ALL_KINDS
from app.store.models import User
from app.store.models.campaign import Campaign, CampaignPlayer, CampaignStatus, SeatOfferOrigin
from app.store.models.game_map import GameMap
from app.store.models.house_rule import HouseRule, HouseRuleChange
from app.store.models.ledger import LedgerRow
from app.store.models.message import Message
from app.store.models.orders import OrderRow
from app.store.models.roster import ArmyBattleRow, BattleRosterRow, RosterRow
from app.store.models.snapshot import TurnRollback, TurnSnapshot, TurnSnapshotMemory
from app.store.models.turn import TurnRecord, TurnSummaryRow
from app.store.persistence import load_orders, load_state, snapshots, static
from app.store.persistence.battles import side_from_json
from app.store.persistence.world import shared_world

RULE = "R-CAMP-9"


_ORDERS = table_of(OrderRow)
_SEATS = table_of(CampaignPlayer)
_MESSAGES = table_of(Message)
_HOUSE_RULES = table_of(HouseRule)
_HOUSE_RULE_CHANGES = table_of(HouseRuleChange)
_TURNS = table_of(TurnRecord)
_SUMMARIES = table_of(TurnSummaryRow)
_HEADER_COLUMNS = (
    "name",
    "settings",
    "ruleset",
    "id_salt",
    "created_at",
    "started_at",
    "ended_at",
    "turn_deadline_at",
    "deadline_warn_at",
    "battle_deadline_at",
    "paused_at",
    "change_due_at",
)


# ------------------------------------------------------------------------------ export


def _outgoing(table: Table, rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Rows without what stays on this server (the campaign's id, users, counters)."""
    names = [c.name for c in travelling_columns(table)]
    return [{n: r[n] for n in names if n in r} for r in rows]


async def _rows(
    session: AsyncSession, table: Table, campaign_id: uuid.UUID, *order: Any
) -> list[dict[str, Any]]:
    keys = order or tuple(table.primary_key.columns)
    result = await session.execute(
        select(*table.c).where(table.c.campaign_id == campaign_id).order_by(*keys)
    )
    return _outgoing(table, snapshots.encode_rows([dict(r._mapping) for r in result.all()]))


def _state_out(document: Mapping[str, Any]) -> dict[str, Any]:
    """A snapshot document as the export carries it."""
    return {
        "version": document["version"],
        "campaign": document["campaign"],
        "players": document["players"],
        "orders": _outgoing(_ORDERS, document["orders"]),
        "tables": {
            name: _outgoing(table, document["tables"].get(name, []))
            for name, table in WORLD_TABLES.items()
        },
    }


def require_exporter(m: Membership) -> None:
    """The owner; one who also plays only once the campaign has finished (R-FOG-5): the
    document shows every seat's state."""
    m.require_owner()
    if not visibility.sees_every_seat(m.viewer, m.campaign.status is CampaignStatus.FINISHED):
        raise Forbidden(
            _(
                "An owner who plays may export the campaign once it has finished: the document "
                "shows every seat."
            ),
            code="R-FOG-5",
        )


async def export_campaign(
    session: AsyncSession, m: Membership, with_messages: bool, max_bytes: int
) -> dict[str, Any]:
    """The whole campaign as one document; refused (409) when it would be larger than what
    an import accepts (`max_bytes`), before anything large is read."""
    require_exporter(m)
    campaign = m.campaign
    cid = campaign.id
    await _check_size(session, cid, with_messages, max_bytes)
    game_map = await session.get_one(GameMap, campaign.map_id)
    current = await snapshots.capture(session, campaign)
    seats = await session.execute(
        select(*_SEATS.c).where(_SEATS.c.campaign_id == cid).order_by(_SEATS.c.number)
    )
    turns = []
    records = await session.scalars(
        select(TurnRecord).where(TurnRecord.campaign_id == cid).order_by(TurnRecord.number)
    )
    summaries = await _summaries(session, cid)
    for record in records:
        kept = await snapshots.load_snapshot_document(session, cid, record.number)
        turns.append(
            {
                "number": record.number,
                "resolved_at": record.resolved_at,
                "state": None if kept is None else _state_out(kept),
                "summaries": summaries.get(record.number, {}),
            }
        )
    rollbacks = await session.scalars(
        select(TurnRollback)
        .where(TurnRollback.campaign_id == cid)
        .order_by(TurnRollback.number, TurnRollback.revision)
    )
    ledger = await session.execute(
        select(
            LedgerRow.player,
            LedgerRow.turn,
            LedgerRow.amount,
            LedgerRow.reason,
            LedgerRow.reason_text,
            LedgerRow.rule,
            LedgerRow.created_at,
        )
        .where(LedgerRow.campaign_id == cid)
        .order_by(LedgerRow.id)
    )
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "campaign": {c: getattr(campaign, c) for c in _HEADER_COLUMNS},
        "map": game_map.document,
        "seats": _outgoing(_SEATS, [dict(r._mapping) for r in seats.all()]),
        "state": {
            "campaign": current["campaign"],
            "orders": _outgoing(_ORDERS, current["orders"]),
            "tables": _state_out(current)["tables"],
        },
        "turns": turns,
        "rollbacks": [
            {
                "number": r.number,
                "revision": r.revision,
                "resolved_at": r.resolved_at,
                "rolled_back_at": r.rolled_back_at,
                "summaries": r.summaries,
            }
            for r in rollbacks
        ],
        "ledger": [dict(r._mapping) for r in ledger.all()],
        "house_rules": await _rows(session, _HOUSE_RULES, cid, _HOUSE_RULES.c.position),
        "house_rule_changes": await _rows(
            session, _HOUSE_RULE_CHANGES, cid, _HOUSE_RULE_CHANGES.c.at, _HOUSE_RULE_CHANGES.c.id
        ),
        "messages": await _rows(session, _MESSAGES, cid, _MESSAGES.c.id) if with_messages else None,
        "rosters": await _rosters_out(session, cid),
    }
    _check_bounds(document)
    return document


async def _check_size(
    session: AsyncSession, cid: uuid.UUID, with_messages: bool, max_bytes: int
) -> None:
    """The document's bulk as the database measures it: the turns' states and memories, the
    seats' memories, the ledger and the messages (their text, a few bytes short of the JSON)."""
    parts = [
        select(func.sum(func.octet_length(TurnSnapshot.state))).where(
            TurnSnapshot.campaign_id == cid
        ),
        select(func.sum(func.octet_length(cast(TurnSnapshotMemory.explored, Text)))).where(
            TurnSnapshotMemory.campaign_id == cid
        ),
        select(func.sum(func.octet_length(cast(CampaignPlayer.explored, Text)))).where(
            CampaignPlayer.campaign_id == cid
        ),
        select(
            func.count() * _LEDGER_LINE_BYTES
            + func.coalesce(func.sum(_json_bytes(LedgerRow.reason_text)), 0)
        ).where(LedgerRow.campaign_id == cid),
        # The lists: their files in base64, their units as JSON (a battle's copy, once more).
        select(
            func.sum(func.octet_length(RosterRow.original) * 4 / 3 + _json_bytes(RosterRow.units))
        ).where(RosterRow.campaign_id == cid),
        select(func.sum(_json_bytes(BattleRosterRow.roster))).where(
            BattleRosterRow.campaign_id == cid
        ),
        select(func.count() * _LEDGER_LINE_BYTES).where(ArmyBattleRow.campaign_id == cid),
    ]
    if with_messages:
        parts.append(
            select(func.sum(func.octet_length(Message.body))).where(Message.campaign_id == cid)
        )
    size = sum([int(await session.scalar(part) or 0) for part in parts])
    if size > max_bytes:
        raise Conflict(
            _(
                "The campaign is too large for one document (about {size} MiB; "
                "this server imports {limit} MiB at most): "
                "MARCHLORDS_MAX_UPLOAD_BODY_BYTES sets it.",
                size=size // 2**20 + 1,
                limit=max_bytes // 2**20,
            ),
            code=RULE,
        )


_LEDGER_LINE_BYTES = 120  # a ledger line in the document, its reason included


def _json_bytes(column: Any) -> Any:
    return func.octet_length(cast(column, Text))


async def _rosters_out(session: AsyncSession, cid: uuid.UUID) -> dict[str, Any]:
    """The army lists (issue 30): each with its file in base64, the lists as fielded in
    battles, and the armies' battles (R-ARMY-7)."""
    lists = await session.scalars(
        select(RosterRow).where(RosterRow.campaign_id == cid).order_by(RosterRow.army_id)
    )
    fielded = await session.scalars(
        select(BattleRosterRow)
        .where(BattleRosterRow.campaign_id == cid)
        .order_by(BattleRosterRow.battle_id, BattleRosterRow.army_id)
    )
    battles = await _rows(session, table_of(ArmyBattleRow), cid)
    return {
        "lists": [
            {
                **r.shape(),
                "army_id": r.army_id,
                "original": base64.b64encode(r.original).decode("ascii"),
            }
            for r in lists
        ],
        "fielded": [
            {"battle_id": f.battle_id, "army_id": f.army_id, "side": f.side, "roster": f.roster}
            for f in fielded
        ],
        "battles": battles,
    }


async def _rosters_in(session: AsyncSession, cid: uuid.UUID, doc: CampaignExport) -> None:
    """The army lists back (`_rosters_out`); a file that is no base64 of at most
    `MAX_FILE_BYTES` is refused, as an upload's would be."""
    if doc.rosters is None:
        return
    lists = []
    for index, roster in enumerate(doc.rosters.lists):
        try:
            original = base64.b64decode(roster.original, validate=True)
        except (binascii.Error, ValueError):
            original = None
        if original is None or len(original) > MAX_FILE_BYTES:
            where = f"/document/rosters/lists/{index}/original"
            raise _refuse("An army list's file cannot be read.", [(where, "not base64 of a file")])
        values = roster.model_dump(mode="json", exclude={"original", "army_id"})
        row = RosterRow.from_shape(cid, roster.army_id, values)
        row.original = original
        lists.append(row)
    session.add_all(lists)
    session.add_all(
        BattleRosterRow(campaign_id=cid, **f.model_dump(mode="json")) for f in doc.rosters.fielded
    )
    session.add_all(ArmyBattleRow(campaign_id=cid, **b.model_dump()) for b in doc.rosters.battles)


def _check_bounds(document: Mapping[str, Any]) -> None:
    """A campaign past the document's bounds is refused, never cut short."""
    lists: dict[str, tuple[Sequence[Any] | None, int]] = {
        "seats": (document["seats"], MAX_SEATS),
        "turns": (document["turns"], MAX_TURNS),
        "rollbacks": (document["rollbacks"], MAX_TURNS),
        "ledger": (document["ledger"], MAX_LEDGER),
        "house_rules": (document["house_rules"], MAX_HOUSE_RULES),
        "house_rule_changes": (document["house_rule_changes"], MAX_HOUSE_RULE_CHANGES),
        "messages": (document["messages"], MAX_MESSAGES),
        "rosters": (document["rosters"]["lists"], MAX_ROSTERS),
        "fielded rosters": (document["rosters"]["fielded"], MAX_FIELDED),
        "army battles": (document["rosters"]["battles"], MAX_ARMY_BATTLES),
    }
    states = [document["state"], *(t["state"] for t in document["turns"] if t["state"])]
    for state in states:
        lists["orders"] = (state["orders"], MAX_ROWS)
        for name, rows in state["tables"].items():
            lists[name] = (rows, MAX_ROWS)
        over = [name for name, (items, most) in lists.items() if items and len(items) > most]
        if over:
            raise Conflict(
                _("The campaign is too large for one document: {lists}.", lists=", ".join(over)),
                code=RULE,
            )


async def _summaries(session: AsyncSession, cid: uuid.UUID) -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    rows = await session.scalars(
        select(TurnSummaryRow)
        .where(TurnSummaryRow.campaign_id == cid)
        .order_by(TurnSummaryRow.number, TurnSummaryRow.player)
    )
    for row in rows:
        out.setdefault(row.number, {})[str(row.player)] = row.events
    return out


# ------------------------------------------------------------------------------ import


def _refuse(detail: str, violations: Sequence[tuple[str, str]] = ()) -> RuleViolation:
    return RuleViolation(
        RULE, detail, violations=[{"path": p, "message": msg} for p, msg in violations]
    )


def _incoming(
    table: Table, rows: Iterable[Mapping[str, Any]], campaign_id: uuid.UUID, **extra: Any
) -> list[dict[str, Any]]:
    decoded = snapshots.decode_rows(table, list(rows))
    return [{**r, "campaign_id": campaign_id, **extra} for r in decoded]


async def _insert(session: AsyncSession, table: Table, rows: list[dict[str, Any]]) -> None:
    if rows:
        await session.execute(insert(table), rows)


_MESSAGE_ROWS = TypeAdapter(list[MessageExport])  # type: ignore[valid-type]


async def _insert_messages(
    session: AsyncSession, messages: Sequence[Mapping[str, Any]], campaign_id: uuid.UUID
) -> None:
    """The messages (their column values) in document order (their ids, given here, keep it),
    one array a column `unnest`-ed into rows: executemany cost SQLAlchemy a Python step per
    row and value, most of an 8 MiB import's writes (its 8,000 messages). A message's
    recipients travel as "1,2" (an array of arrays must be rectangular), as the events'
    audiences do."""
    rows = [{**row, "recipients": ",".join(map(str, row["recipients"]))} for row in messages]
    new = unnested(_MESSAGES, rows, "new", {"recipients": Text()})
    columns = [
        cast(func.string_to_array(column, ","), _MESSAGES.c.recipients.type)
        if column.name == "recipients"
        else column
        for column in new.c
    ]
    cid = literal(campaign_id, _MESSAGES.c.campaign_id.type)
    await session.execute(
        insert(_MESSAGES).from_select(["campaign_id", *rows[0]], select(cid, *columns))
    )


def _state_in(state: Mapping[str, Any], campaign_id: uuid.UUID) -> dict[str, Any]:
    """An exported end-of-turn state as this server's snapshot document."""
    cid = str(campaign_id)
    return {
        "version": state["version"],
        "campaign": state["campaign"],
        "players": state["players"],
        "orders": [{**r, "campaign_id": cid} for r in state["orders"]],
        "tables": {
            name: [{**r, "campaign_id": cid} for r in state["tables"].get(name, [])]
            for name in WORLD_TABLES
        },
    }


async def _holders(
    session: AsyncSession, data: CampaignImport, numbers: list[int]
) -> dict[int, uuid.UUID]:
    """Seat → user id, from the request's usernames: every seat one, each user one seat."""
    wanted = {str(n) for n in numbers}
    given = set(data.seats)
    faults = [(f"seats.{n}", "this seat needs a user") for n in sorted(wanted - given, key=int)]
    faults += [(f"seats.{n}", "the document has no such seat") for n in sorted(given - wanted)]
    names = list(data.seats.values())
    if len(set(names)) != len(names):
        faults.append(("seats", "a user may take one seat only"))
    found = await session.execute(select(User.username, User.id).where(User.username.in_(names)))
    users: dict[str, uuid.UUID] = dict(found.all())
    faults += [
        (f"seats.{n}", "no such user")
        for n, name in sorted(data.seats.items())
        if name not in users
    ]
    if faults:
        raise _refuse(_("Every seat of the document needs one user of this server."), faults)
    return {int(n): users[name] for n, name in data.seats.items()}


def _taken(holder: uuid.UUID, importer: User) -> uuid.UUID | None:
    """Who holds an imported seat at once: the importer, if named; nobody otherwise."""
    return holder if holder == importer.id else None


async def _offer_seats(
    session: AsyncSession, campaign: Campaign, holders: dict[int, uuid.UUID], importer: User
) -> None:
    """Each seat named for another user than the importer is an offer to that user."""
    now = utcnow()
    for number, user_id in sorted(holders.items()):
        if user_id != importer.id:
            await make_offer(session, campaign, number, user_id, SeatOfferOrigin.IMPORT, now)


def _check_history(data: CampaignExport) -> None:
    """One change per turn, before the turn the game stands at; rollbacks numbered once."""
    numbers = [t.number for t in data.turns]
    if len(set(numbers)) != len(numbers) or any(n >= data.state.campaign.turn for n in numbers):
        raise _refuse(_("Each turn before the current one changed at most once."), [("turns", "")])
    undone = [(r.number, r.revision) for r in data.rollbacks]
    if len(set(undone)) != len(undone):
        raise _refuse(_("A rollback is listed twice."), [("rollbacks", _("number and revision"))])
    _check_events(data)


def _check_events(data: CampaignExport) -> None:
    kinds = {k.value for k in ALL_KINDS}
    told = [("turns", t.number, t.summaries) for t in data.turns]
    told += [("rollbacks", r.number, r.summaries) for r in data.rollbacks]
    for part, number, summaries in told:
        for seat, events in summaries.items():
            for index, event in enumerate(events):
                # Its path spelled out for a refusal alone (a document holds thousands).
                if event.get("kind") not in kinds:
                    path = f"{part}[turn {number}].summaries.{seat}[{index}]"
                    raise _refuse(
                        _("A summary line has an unknown kind."), [(path, _("unknown kind"))]
                    )
                try:
                    summary_event(event)  # as GET …/turns/{n}/summary will read it
                except (*_UNREADABLE, ValidationError) as exc:
                    path = f"{part}[turn {number}].summaries.{seat}[{index}]"
                    raise _refuse(
                        _("A summary line cannot be read."), [(path, _("malformed"))]
                    ) from exc


async def import_campaign(
    session: AsyncSession, data: CampaignImport, importer: User, *, shallow: bool = False
) -> ImportedCampaign:
    """`data` validated from a JSON body; `shallow`: that body is proven to nest no deeper
    than a document may (`json_nests_at_most`, a quicker proof than a walk of the models)."""
    doc = data.document
    header = doc.campaign
    ruleset = await to_thread.run_sync(ruleset_document, header.ruleset)
    check_settings(header.settings, ruleset)
    # Before it is serialized. The walk over the models, which names the first value too
    # deep, visits every container of the document (a fifth of an import's CPU): a body that
    # nests no deeper than the document may (one level more, the body's object around it)
    # needs none. The models nest no deeper than their JSON.
    if not shallow:
        deep = too_deep(doc, "/document")
        if deep is not None:
            raise _refuse(_("The document is nested too deep."), [deep])
    # The messages (half the bytes, read by no check) are dumped as column values on their
    # own, below: as JSON, then decoded back, they cost twice as much.
    raw = doc.model_dump(mode="json", exclude={"messages"})
    # What the engine trusts, on the plain document before anything is built (off the loop:
    # a document of 100,000 rows takes a moment).
    faults = await to_thread.run_sync(document_faults, {"document": raw}, parse_ruleset(ruleset))
    if faults:
        raise _refuse(_("The document holds a game this server could not play."), faults)
    _check_history(doc)
    numbers = [s["number"] for s in raw["seats"]]
    holders = await _holders(session, data, numbers)
    # The map as the body's model validated it, parsed once, and its engine data kept for the
    # checks below (each reads the copy's state, and a 128×128 map takes a while to parse).
    map_data = await to_thread.run_sync(parse_map, raw["map"])
    game_map = await store_map(session, map_data, importer.id)
    static.maps.put(game_map.id, map_data)
    state = raw["state"]
    campaign = Campaign(
        name=data.name or header.name,
        owner_id=importer.id,
        invite_code=new_invite_code(),
        map_id=game_map.id,
        ruleset=ruleset,
        settings=header.settings,
        turn=state["campaign"]["turn"],
        next_id=state["campaign"]["next_id"],
        storms=state["campaign"]["storms"],
        status=CampaignStatus(state["campaign"]["status"]),
        id_salt=header.id_salt,
        created_at=header.created_at,
        started_at=header.started_at,
        ended_at=header.ended_at,
        turn_deadline_at=header.turn_deadline_at,
        deadline_warn_at=header.deadline_warn_at,
        battle_deadline_at=header.battle_deadline_at,
        paused_at=header.paused_at,
        change_due_at=header.change_due_at,
    )
    session.add(campaign)
    try:
        await session.flush()
        cid = campaign.id
        # A seat named for the importer is theirs (importing says yes); any other user named
        # is offered theirs (R-CAMP-6) and holds nothing, nor is a member, until they accept.
        seats = [
            {**s, "campaign_id": cid, "user_id": _taken(holders[s["number"]], importer)}
            for s in snapshots.decode_rows(_SEATS, raw["seats"])
        ]
        await _insert(session, _SEATS, seats)
        await _offer_seats(session, campaign, holders, importer)
        for name, table in WORLD_TABLES.items():
            await _insert(session, table, _incoming(table, state["tables"][name], cid))
        await _insert(session, _ORDERS, _incoming(_ORDERS, state["orders"], cid))
        # As rows, one statement a table, not ORM objects: their unit of work cost more than
        # the writes (bench_transfer's 20 turns and 340 summaries).
        changes = [
            {"campaign_id": cid, "number": turn["number"], "resolved_at": record.resolved_at}
            for turn, record in zip(raw["turns"], doc.turns, strict=True)
        ]
        told = [
            {"campaign_id": cid, "number": turn["number"], "player": int(seat), "events": events}
            for turn in raw["turns"]
            for seat, events in turn["summaries"].items()
        ]
        await _insert(session, _TURNS, changes)
        await _insert(session, _SUMMARIES, told)
        kept = {  # the end of each turn kept, as stored
            turn["number"]: _state_in(turn["state"], cid)
            for turn in raw["turns"]
            if turn["state"] is not None
        }
        await snapshots.store_documents(session, cid, kept)
        for back, model in zip(raw["rollbacks"], doc.rollbacks, strict=True):
            session.add(
                TurnRollback(
                    campaign_id=cid,
                    number=back["number"],
                    revision=back["revision"],
                    resolved_at=model.resolved_at,
                    rolled_back_at=model.rolled_back_at,
                    summaries=back["summaries"],
                )
            )
        await session.flush()
        ledger = [{**line.model_dump(), "campaign_id": cid} for line in doc.ledger]
        await _insert(session, table_of(LedgerRow), ledger)
        author = {"created_by": importer.id, "updated_by": importer.id}
        await _insert(
            session, _HOUSE_RULES, _incoming(_HOUSE_RULES, raw["house_rules"], cid, **author)
        )
        await _insert(
            session,
            _HOUSE_RULE_CHANGES,
            _incoming(_HOUSE_RULE_CHANGES, raw["house_rule_changes"], cid, author_id=importer.id),
        )
        if doc.messages:
            await _insert_messages(session, _MESSAGE_ROWS.dump_python(doc.messages), cid)
        await _rosters_in(session, cid, doc)
        await session.flush()
    except IntegrityError as exc:
        # A row that contradicts another (a duplicate id, an army of no seat…): the document
        # is not one this server could have written.
        raise _refuse(_("The document's rows do not fit together.")) from exc
    await _check_books(session, cid)
    # The checks write nothing: their many reads of the copy (the engine's, then each seat's
    # and the owner's) share one world, read and parsed by the first of them.
    with shared_world(session.sync_session, cid):
        await _check_loads(session, campaign, raw, kept)
        try:
            await _check_reads(session, campaign, importer)
        except _UNREADABLE as exc:
            raise _refuse(
                _("The document's game cannot be shown: {error}.", error=type(exc).__name__)
            ) from exc
    return ImportedCampaign(
        id=cid, name=campaign.name, invite_code=campaign.invite_code, turn=campaign.turn
    )


async def _check_books(session: AsyncSession, cid: uuid.UUID) -> None:
    """Every seat's gold equals its ledger (R-ECO-6) and is not below zero (R-ECO-1)."""
    seats = await session.execute(
        select(CampaignPlayer.number, CampaignPlayer.gold).where(CampaignPlayer.campaign_id == cid)
    )
    gold: dict[int, int] = dict(seats.all())
    sums = await session.execute(
        select(LedgerRow.player, func.sum(LedgerRow.amount))
        .where(LedgerRow.campaign_id == cid)
        .group_by(LedgerRow.player)
    )
    totals = {player: int(total) for player, total in sums.all()}
    wrong = [n for n, g in gold.items() if g != int(totals.get(n, 0))]
    if wrong:
        raise _refuse(
            _("A seat's gold differs from the sum of its ledger (R-ECO-6)."),
            [(f"seats.{n}.gold", "not the sum of the seat's ledger lines") for n in wrong],
        )
    negative = [n for n, g in gold.items() if g < 0]
    if negative:
        raise _refuse(
            _("A seat's gold is below zero (R-ECO-1)."),
            [(f"seats.{n}.gold", "below zero") for n in negative],
        )


async def _check_reads(session: AsyncSession, campaign: Campaign, owner: User) -> None:
    """Every seat's and the owner's reads of the copy work (the engine trusts its state: a
    tier, a faction or a reference the ruleset does not know would fail only when read)."""
    if campaign.status is CampaignStatus.LOBBY:
        return
    page = PageParams(limit=1, offset=0)
    seats = await players_of(session, campaign.id)
    holders = await session.scalars(select(User).where(User.id.in_([p.user_id for p in seats])))
    users = {u.id: u for u in holders}
    viewers = [Membership(campaign, owner, None)]
    # A seat nobody holds yet is read as its holder will read it (the user matters only for
    # names and "is you", the seat for everything else).
    viewers += [
        Membership(campaign, owner if p.user_id is None else users[p.user_id], p) for p in seats
    ]
    for member in viewers:
        # A seat's ledger page read with its view, as its panel (GET …/me) reads it.
        seat = member.viewer.seat
        ledger, params = ((), {}) if seat is None else ledger_page(seat, page)
        view = await load_view(session, member, extras=(*ARMY_EXTRAS, *ledger), params=params)
        world_map_json(view)
        await army_list(session, view)
        if view.player is not None:
            read_me(view, page)
        await standings(session, member)
        await list_battles(session, member, None, page)


async def _check_loads(
    session: AsyncSession,
    campaign: Campaign,
    raw: Mapping[str, Any],
    kept: Mapping[int, Mapping[str, Any]],
) -> None:
    """The engine reads the game now and at the end of every kept turn (`kept`: their
    documents as stored, by turn number)."""
    try:
        await load_state(session, campaign)
        await load_orders(session, campaign)
        for table_rows in (raw["state"]["tables"]["battles"],):
            for b in table_rows:
                side_from_json(b["attacker"])
                side_from_json(b["defender"])
        for document in kept.values():
            await snapshots.state_from_document(session, campaign, document)
            snapshots.orders_from_document(document)
    except _UNREADABLE as exc:
        raise _refuse(
            _("The document's game state cannot be read: {error}.", error=type(exc).__name__)
        ) from exc


# What the engine raises on a state that breaks its invariants (a document is untrusted).
_UNREADABLE = (LookupError, TypeError, ValueError, AttributeError, ArithmeticError, AssertionError)
