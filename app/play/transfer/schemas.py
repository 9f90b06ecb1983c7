"""The campaign document of export and import (R-CAMP-9), version 1.

Rows of the game's tables travel as they are stored, every column but the campaign's id (and
the database's own counters): their models are made from the tables, so the published schema
follows the columns, with their types and ranges.
"""

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Any, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, WithJsonSchema, create_model
from sqlalchemy import BigInteger, Boolean, Column, DateTime, Enum, Integer, String, Table, Text
from sqlalchemy.dialects.postgresql import ARRAY

from app.accounts.users.schemas import Username
from app.platform.db.base import table_of
from app.platform.fields import BodyText, NameText
from app.platform.i18n import _
from app.platform.i18n.kept import MAX_DEPTH as MAX_KEPT_DEPTH
from app.play.campaigns.schemas import VARIANT_DESCRIPTION, RulesetVariant
from app.play.history.schemas import SUMMARY_EVENT_SCHEMA
from app.play.maps.schemas import MapDocument
from app.play.rosters.formats import MAX_FILE_BYTES, RosterFormat
from app.play.rosters.formats.limits import (
    MAX_UNITS,
    ListShape,
    Models,
    Name,
    UnitShape,
)
from app.store.models.campaign import CampaignPlayer, CampaignStatus
from app.store.models.campaign_settings import CampaignSettings
from app.store.models.house_rule import HouseRule, HouseRuleChange
from app.store.models.message import Message
from app.store.models.orders import OrderRow
from app.store.persistence.snapshots import PLAYER_COLUMNS, WHOLE_TABLES

FORMAT: Final = "marchlords.campaign"
VERSION: Final = 1

# Bounds of a document (R-CAMP-9): every list has a ceiling, the body one too (413).
MAX_SEATS = 17
MAX_TURNS = 1000
MAX_ROWS = 100_000  # rows of one table in one state (battles and edicts accumulate)
MAX_LEDGER = 200_000
MAX_MESSAGES = 20_000
MAX_HOUSE_RULES = 1_000
MAX_HOUSE_RULE_CHANGES = 10 * MAX_HOUSE_RULES

_INT32 = (-(2**31), 2**31 - 1)
_INT64 = (-(2**63), 2**63 - 1)
# A summary line as stored (checked on import by `app.play.transfer.service`), typed by kind in the
# contract.
SummaryLine = Annotated[dict[str, Any], WithJsonSchema(SUMMARY_EVENT_SCHEMA)]

# Columns that never travel: the campaign's own id, users' ids (users are re-attached by the
# importer; a battle's `holders` too: its names then stay hidden, R-CAMP-5), and counters of the
# database (a message's or summary line's `id`: list order). A message's `blocked_for` is
# between users (their blocks, told to nobody), so it stays too.
_LOCAL_COLUMNS = {
    "campaign_id",
    "user_id",
    "created_by",
    "updated_by",
    "author_id",
    "holders",
    "blocked_for",
    # A seat's bot (R-BOT) is the owner's choice on this server: an imported seat is offered
    # to a user like any other (R-CAMP-9), and the new owner may put a bot on it again.
    "bot_difficulty",
    "bot_personality",
}
SERIAL_TABLES = {"pending_summary_events", "messages"}


def travelling_columns(table: Table) -> list[Column[Any]]:
    serial = table.name in SERIAL_TABLES
    return [
        c for c in table.columns if c.name not in _LOCAL_COLUMNS and not (serial and c.name == "id")
    ]


def _field(column: Column[Any]) -> tuple[Any, Any]:
    kind = column.type
    annotation: Any
    if isinstance(kind, Boolean):
        annotation = bool
    elif isinstance(kind, BigInteger):
        annotation = Annotated[int, Field(ge=_INT64[0], le=_INT64[1])]
    elif isinstance(kind, Integer):
        annotation = Annotated[int, Field(ge=_INT32[0], le=_INT32[1])]
    elif isinstance(kind, DateTime):
        annotation = datetime
    elif isinstance(kind, Enum) and kind.enum_class is not None:
        annotation = Literal[tuple(m.value for m in kind.enum_class)]
    elif isinstance(kind, String | Text):
        # What the API accepts in that column, no more: a name (one line) but in the long texts
        # and the columns marked as bodies (a message, a house rule's text, a rejection reason).
        length = getattr(kind, "length", None) or 100_000
        body = isinstance(kind, Text) or column.info.get("body", False)
        annotation = Annotated[BodyText if body else NameText, Field(max_length=length)]
    elif isinstance(kind, ARRAY):
        annotation = Annotated[list[Annotated[int, Field(ge=0, le=64)]], Field(max_length=64)]
    else:  # JSONB: checked by the engine when the campaign is loaded
        annotation = Any
    if column.nullable:
        annotation = annotation | None
    if isinstance(kind, Boolean) and column.server_default is not None:
        # A flag added later (its default is the database's): a document written before it
        # still imports, with that default.
        default = str(getattr(column.server_default, "arg", "")).lower() == "true"
        return annotation, default
    return annotation, ...


def row_model(table: Table, name: str, doc: str) -> type[BaseModel]:
    fields: dict[str, Any] = {c.name: _field(c) for c in travelling_columns(table)}
    return _make(name, doc, fields)


def _make(name: str, doc: str, fields: dict[str, Any]) -> type[BaseModel]:
    model: type[BaseModel] = create_model(
        name, __config__=ConfigDict(extra="forbid"), __doc__=doc, **fields
    )
    return model


# The world's tables (every row of the campaign), in the snapshot's and the export's order.
WORLD_TABLES = WHOLE_TABLES
_ROW_MODELS = {
    name: row_model(table, "Exported" + name.title().replace("_", "") + "Row", f"A `{name}` row.")
    for name, table in WORLD_TABLES.items()
}
OrderExport = row_model(table_of(OrderRow), "ExportedOrderRow", "An order of the turn.")
SeatExport = row_model(
    table_of(CampaignPlayer),
    "ExportedSeat",
    "A seat now: faction, slot, gold, flags, explored memory (its holder is not exported).",
)
PlayerStateExport = _make(
    "ExportedPlayerState",
    "A seat's game columns at the end of a turn.",
    {c: _field(table_of(CampaignPlayer).c[c]) for c in PLAYER_COLUMNS},
)
MessageExport = row_model(table_of(Message), "ExportedMessage", "A message, in sending order.")
HouseRuleExport = row_model(table_of(HouseRule), "ExportedHouseRule", "A house rule (R-HOUSE).")
HouseRuleChangeExport = row_model(
    table_of(HouseRuleChange), "ExportedHouseRuleChange", "A change of a house rule."
)

WorldExport = _make(
    "ExportedWorld",
    "Every row of the campaign's world tables (whole rows, campaign id left out).",
    {
        name: (list[model], Field(default_factory=list, max_length=MAX_ROWS))  # type: ignore[valid-type]
        for name, model in _ROW_MODELS.items()
    },
)


class TurnState(BaseModel):
    """What a turn change alters on the campaign row."""

    model_config = ConfigDict(extra="forbid")

    turn: int = Field(ge=0, le=100_000)
    next_id: int = Field(ge=1, le=2**31 - 1)
    storms: list[Any] = Field(max_length=256)
    status: CampaignStatus


class StateExport(BaseModel):
    """The game at the end of a turn: the campaign's turn, the seats' game columns, the orders
    of that turn and the world (the per-turn snapshots' format, R-TURN-6)."""

    model_config = ConfigDict(extra="forbid")

    version: Literal[1] = 1
    campaign: TurnState
    players: list[PlayerStateExport] = Field(max_length=MAX_SEATS)  # type: ignore[valid-type]
    orders: list[OrderExport] = Field(max_length=MAX_ROWS)  # type: ignore[valid-type]
    tables: WorldExport  # type: ignore[valid-type]


class CurrentExport(BaseModel):
    """The game as it stands: the campaign's turn, the orders given so far this turn (those
    of past turns are in their turn's state), the world."""

    model_config = ConfigDict(extra="forbid")

    campaign: TurnState
    orders: list[OrderExport] = Field(max_length=MAX_ROWS)  # type: ignore[valid-type]
    tables: WorldExport  # type: ignore[valid-type]


class TurnExport(BaseModel):
    """One turn change: when it ran, the end of the turn before it, what each seat was told."""

    model_config = ConfigDict(extra="forbid")

    number: int = Field(ge=0, le=100_000)
    resolved_at: datetime
    state: StateExport | None = Field(
        description="The end of turn `number`, as the change found it (null: not kept)."
    )
    summaries: dict[str, list[SummaryLine]] = Field(
        description="Each seat's summary of the change, by seat number.", max_length=MAX_SEATS
    )


class RollbackExport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    number: int = Field(ge=0, le=100_000)
    revision: int = Field(ge=1, le=100_000)
    resolved_at: datetime
    rolled_back_at: datetime
    summaries: dict[str, list[SummaryLine]] = Field(max_length=MAX_SEATS)


def _kept_params(params: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    """`params` if it is as bounded as what `app.platform.i18n.kept` stores: a few short values or
    texts, `MAX_KEPT_DEPTH` deep at most (which text it names, and whether each parameter is one of
    that text's, is checked with its JSON pointer by `app.play.transfer.checks`)."""
    if depth > MAX_KEPT_DEPTH or len(params) > 16:
        raise ValueError(_("too deep or too many parameters"))
    for name, value in params.items():
        if len(name) > 40:
            raise ValueError(_("a parameter name is too long"))
        if isinstance(value, dict):
            template = value.get("template")
            if set(value) != {"template", "params"} or not isinstance(template, str):
                raise ValueError(_("a parameter text has a template and parameters"))
            if not isinstance(value["params"], dict) or len(template) > 500:
                raise ValueError(_("a parameter text has a template and parameters"))
            _kept_params(value["params"], depth + 1)
        elif isinstance(value, str) and len(value) > 500:
            raise ValueError(_("a parameter is too long"))
    return params


class KeptReason(BaseModel):
    """A ledger reason's message id and parameters (a parameter may be a text
    in the same form), to be said in the reader's language."""

    model_config = ConfigDict(extra="forbid")

    template: str = Field(
        max_length=500,
        description="The message id of one of the server's texts (its English template): "
        "never a template of the document's own.",
    )
    params: Annotated[
        dict[str, Any],
        AfterValidator(_kept_params),
        WithJsonSchema(
            {
                "type": "object",
                "maxProperties": 16,
                "propertyNames": {"maxLength": 40},
                "description": "Exactly the parameters the text's template names.",
                "additionalProperties": {
                    "anyOf": [
                        {"type": "string", "maxLength": 500},
                        {"type": "integer", "minimum": -(2**63), "maximum": 2**63 - 1},
                        {
                            "type": "object",
                            "title": "KeptReasonParamText",
                            "description": "A text in the same form (8 deep at most).",
                            "required": ["template", "params"],
                            "additionalProperties": False,
                            "properties": {
                                "template": {"type": "string", "maxLength": 500},
                                "params": {"type": "object", "maxProperties": 16},
                            },
                        },
                    ]
                },
            }
        ),
    ]


class LedgerLine(BaseModel):
    model_config = ConfigDict(extra="forbid")

    player: int = Field(ge=0, le=64)
    turn: int = Field(ge=0, le=100_000)
    amount: int = Field(ge=_INT64[0], le=_INT64[1])
    reason: NameText = Field(max_length=120)
    reason_text: KeptReason | None = Field(
        default=None,
        description="The reason's template and parameters, said in each reader's language "
        "(absent from lines written before: their `reason` is read as it is).",
    )
    rule: str = Field(max_length=16)
    created_at: datetime


class CampaignHeader(BaseModel):
    """The campaign: name, settings, ruleset (the full document), where its turn stands."""

    model_config = ConfigDict(extra="forbid")

    name: NameText = Field(min_length=1, max_length=80)
    settings: CampaignSettings
    ruleset: RulesetVariant = Field(description="The full ruleset. " + VARIANT_DESCRIPTION)
    id_salt: int = Field(ge=0, le=2**63 - 1)
    created_at: datetime
    started_at: datetime | None
    ended_at: datetime | None
    turn_deadline_at: datetime | None
    deadline_warn_at: datetime | None
    battle_deadline_at: datetime | None
    paused_at: datetime | None
    change_due_at: datetime | None = Field(description="R-TURN-7: a scheduled change.")


# The army lists (issue 30): each army's list with its file, the lists as fielded in each
# battle, and each army's battles (R-ARMY-4, R-ARMY-7). Typed to the last field by the shapes an
# upload is checked against (`app.play.rosters.formats.limits`), so an import's lists are as bounded
# as an upload's and every list an upload accepts exports: a file at most `MAX_FILE_BYTES`
# (base64 here), the small shape within the parsers' bounds.
MAX_ROSTERS = 2_000  # lists: about one per army
MAX_FIELDED = 20_000  # lists fielded in battles
MAX_ARMY_BATTLES = 40_000  # veteran history lines
MAX_ORIGINAL_CHARS = -(-MAX_FILE_BYTES // 3) * 4  # base64 of the largest file
_Id = Annotated[int, Field(ge=1, le=_INT32[1])]


class RosterUnitExport(UnitShape):
    """A unit of a list, as stored (`lost`: R-ARMY-7, absent before any battle)."""

    lost: Models | None = Field(default=None, exclude_if=lambda lost: lost is None)


class RosterShapeExport(ListShape):
    """A list's small shape (what a battle keeps of it, and the list itself but its file)."""

    format: RosterFormat
    units: Sequence[RosterUnitExport] = Field(max_length=MAX_UNITS)
    filename: Name | None
    uploaded_at: datetime


class RosterExport(RosterShapeExport):
    """An army's list and its file (base64)."""

    army_id: _Id
    original: str = Field(max_length=MAX_ORIGINAL_CHARS, description="The file, in base64.")


class FieldedShapeExport(RosterShapeExport):
    owner: Annotated[int, Field(ge=0, le=64)]
    tier: Annotated[int, Field(ge=1, le=64)]


class FieldedRosterExport(BaseModel):
    """A list as fielded in a battle, copied when it was declared (R-ARMY-4)."""

    model_config = ConfigDict(extra="forbid")

    battle_id: _Id
    army_id: _Id
    side: Literal["attacker", "defender"]
    roster: FieldedShapeExport


class ArmyCasualtyExport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    unit: Annotated[int, Field(ge=0, le=MAX_UNITS - 1)]
    name: Name
    lost: Models


class UnitLossExport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    unit: Annotated[int, Field(ge=0, le=MAX_UNITS - 1)]
    lost: Models


class ArmyBattleExport(BaseModel):
    """A battle of an army's veteran history (R-ARMY-7)."""

    model_config = ConfigDict(extra="forbid")

    army_id: _Id
    battle_id: _Id
    turn: Annotated[int, Field(ge=0, le=100_000)]
    side: Literal["attacker", "defender"]
    opponents: list[Annotated[int, Field(ge=0, le=64)]] = Field(max_length=MAX_SEATS)
    result: Literal["won", "lost", "draw"]
    losses_pct: Annotated[int, Field(ge=0, le=100)]
    casualties: list[ArmyCasualtyExport] = Field(max_length=MAX_UNITS)
    list_uploaded_at: datetime | None = Field(
        default=None,
        description="The list its casualties went onto, by its upload time (null: none did).",
    )
    list_losses: list[UnitLossExport] = Field(
        default_factory=list,
        max_length=MAX_UNITS,
        description="The models each unit of that list lost by them: what a rollback of the "
        "confirmation takes back (R-TURN-6).",
    )


class RostersExport(BaseModel):
    """The army lists (issue 30): each army's, those fielded in battles, the armies' battles."""

    model_config = ConfigDict(extra="forbid")

    lists: list[RosterExport] = Field(max_length=MAX_ROSTERS)
    fielded: list[FieldedRosterExport] = Field(max_length=MAX_FIELDED)
    battles: list[ArmyBattleExport] = Field(max_length=MAX_ARMY_BATTLES)


class CampaignExport(BaseModel):
    """A whole campaign, version 1 (R-CAMP-9): importing it on any server recreates it, and
    exporting the copy gives the same document again."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["marchlords.campaign"] = FORMAT
    version: Literal[1] = VERSION
    campaign: CampaignHeader
    map: MapDocument
    seats: list[SeatExport] = Field(max_length=MAX_SEATS)  # type: ignore[valid-type]
    state: CurrentExport
    turns: list[TurnExport] = Field(max_length=MAX_TURNS)
    rollbacks: list[RollbackExport] = Field(max_length=MAX_TURNS)
    ledger: list[LedgerLine] = Field(max_length=MAX_LEDGER)
    house_rules: list[HouseRuleExport] = Field(max_length=MAX_HOUSE_RULES)  # type: ignore[valid-type]
    house_rule_changes: list[HouseRuleChangeExport] = Field(max_length=MAX_HOUSE_RULE_CHANGES)  # type: ignore[valid-type]
    messages: list[MessageExport] | None = Field(  # type: ignore[valid-type]
        default=None, max_length=MAX_MESSAGES, description="Only when exported with messages."
    )
    rosters: RostersExport | None = Field(
        default=None, description="The army lists; absent from documents written before them."
    )


class CampaignImport(BaseModel):
    """A campaign document to recreate here, and who takes each seat."""

    model_config = ConfigDict(extra="forbid")

    document: CampaignExport
    seats: dict[
        Annotated[str, Field(pattern=r"^[0-9]{1,2}$")],
        Username,
    ] = Field(
        max_length=MAX_SEATS,
        description="Seat number → username of the user offered it here (R-CAMP-9); every "
        "seat needs one, each user at most one seat. A seat named for you is yours at once; "
        "any other user holds theirs, and is a member, only once they accept the offer "
        "(R-CAMP-6).",
    )
    name: NameText | None = Field(
        default=None, min_length=1, max_length=80, description="A new name (default: the same)."
    )


class ImportedCampaign(BaseModel):
    id: uuid.UUID
    name: str
    invite_code: str
    turn: int
