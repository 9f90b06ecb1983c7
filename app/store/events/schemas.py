"""The typed shape of every event kind, for the contract: what a summary line's `data` holds
(`<Kind>Data`) and what a live event's payload holds (`<Kind>Payload`, the stream's `data:`).

The server writes events as plain JSON (the engine's `Event.data`, `publish`'s payload); these
models only describe them: `tests/store/events/test_event_schemas.py` checks that every kind the
server emits has one, and that the events of a played campaign validate against the contract.

Components (app.main): `EventKind`, the whole vocabulary; `SummaryEvent`, a union of
`<Kind>SummaryEvent` discriminated on `kind` (turn summaries, the export's summaries);
`ServerSentEvent`, the stream's items: one variant per live kind, its `event:` the kind and its
`data:` the kind's `<Kind>Payload` as JSON.
"""

import uuid
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model
from pydantic.json_schema import models_json_schema

from app.rules.diplomacy import EdictKind, EdictStatus
from app.rules.state import BattleKind, BuildKind, EventKind, Outcome, TreatyKind
from app.rules.texts import fill
from app.store.events.kinds import ALL_KINDS, AnyEventKind, AppEventKind
from app.store.models.orders import StandingOrderKind
from app.store.models.world import BattleStatus

REF_TEMPLATE = "#/components/schemas/{model}"

# A tile as JSON: `[q, r]` (axial coordinates).
Coord = Annotated[list[int], Field(min_length=2, max_length=2, description="`[q, r]`.")]
# A time as the server writes it (ISO 8601 with its offset).
Instant = Annotated[str, Field(description="ISO 8601 date and time, with its UTC offset.")]


class _Shape(BaseModel):
    """A payload: exactly these fields (a new one is a contract change)."""

    model_config = ConfigDict(extra="forbid")


# ----------------------------------------------------------------- summary lines' `data`


class ArmyData(_Shape):
    army_id: int


class ArmyMovedData(ArmyData):
    """R-MOVE-3: the tiles crossed are the line's `coords` (only those you saw, if not yours)."""


class PathCutData(ArmyData):
    ordered: int = Field(description="Steps ordered.")
    kept: int = Field(description="Steps kept (R-MOVE-1).")


class HaltedData(ArmyData):
    reason: str = Field(description="Why the army stopped: `pact`, `sea`, ...")


class ShipBoardingData(ArmyData):
    ship_id: int


class ShipDestroyedData(_Shape):
    ship_id: int
    army_id: int | None = Field(default=None, description="The army that sank it, at sea.")


class StormRoseData(_Shape):
    turn: int


class EncounterData(_Shape):
    battle_id: int
    kind: BattleKind


class BattleData(_Shape):
    battle_id: int


class BattleResolvedData(BattleData):
    battle_kind: BattleKind
    outcome: Outcome
    attacker_losses_pct: int
    defender_losses_pct: int


class StakeData(BattleData):
    winner: int
    loser: int
    amount: int


class StakeTakenData(BattleData):
    owed: int
    taken: int


class VictoryCountedData(_Shape):
    player: int
    victories: int


class ArmyMoveData(ArmyData):
    from_coord: Coord
    to_coord: Coord


class ArmyDestroyedData(ArmyData):
    owner: int


class ArmyTierData(ArmyData):
    tier: int = Field(description="The army's tier now.")


class GeneralCapturedData(ArmyData):
    general_id: int
    held_by: int


class GeneralFreedData(_Shape):
    general_id: int


class StructureChangedHandsData(_Shape):
    structure_id: int
    from_player: int
    to_player: int


class StructureDestroyedData(_Shape):
    structure_id: int
    owner: int


class CityLevelLostData(_Shape):
    structure_id: int
    level: int


class StructureData(_Shape):
    structure_id: int


class CityBesiegedData(ArmyData):
    structure_id: int
    draws: int


class SiegeContinuesData(BattleData):
    siege_draws: int


class SiegeLiftedData(_Shape):
    structure_id: int
    army_id: int | None = Field(default=None, description="The besieger that marched away.")


class BuildDoneData(_Shape):
    build_id: int
    kind: BuildKind
    player: int


class BuildCancelledData(_Shape):
    build_id: int
    kind: BuildKind
    coord: Coord
    reason: str
    refund: int


class ArmyRaisedData(ArmyData):
    city_id: int


class RaiseCancelledData(_Shape):
    reason: str


class UpgradeCancelledData(ArmyData):
    reason: str


class InsolventData(_Shape):
    upkeep: int
    paid: int


class TreatyData(_Shape):
    treaty_id: int
    kind: TreatyKind


class TradeRouteLostData(_Shape):
    treaty_id: int


class EdictExpiredData(_Shape):
    edict_id: int
    kind: EdictKind


class ExploredData(_Shape):
    edict_id: int


class ArmyWithdrewData(ArmyData):
    from_: Coord = Field(alias="from")
    to: Coord


class GoldData(_Shape):
    amount: int = Field(description="Signed: income positive, costs negative (R-ECO-6).")
    reason: str


class StandingOrderData(_Shape):
    order: StandingOrderKind
    army_id: int | None
    given: bool = Field(description="Whether the order was given (else `reason` says why not).")
    reason: str | None
    cost: int


SUMMARY_DATA: dict[AnyEventKind, type[BaseModel]] = {
    EventKind.ARMY_MOVED: ArmyMovedData,
    EventKind.PATH_CUT: PathCutData,
    EventKind.HALTED: HaltedData,
    EventKind.EMBARKED: ShipBoardingData,
    EventKind.DISEMBARKED: ShipBoardingData,
    EventKind.SHIP_DESTROYED: ShipDestroyedData,
    EventKind.STORM_ROSE: StormRoseData,
    EventKind.ENCOUNTER: EncounterData,
    EventKind.BATTLE_RESOLVED: BattleResolvedData,
    EventKind.BATTLE_CANCELLED: BattleData,
    EventKind.STAKE_WON: StakeData,
    EventKind.PILLAGE_WON: StakeData,
    EventKind.STAKE_TAKEN: StakeTakenData,
    EventKind.VICTORY_COUNTED: VictoryCountedData,
    EventKind.ARMY_ADVANCED: ArmyMoveData,
    EventKind.ARMY_RETREATED: ArmyMoveData,
    EventKind.ARMY_DESTROYED: ArmyDestroyedData,
    EventKind.ARMY_TIER_LOST: ArmyTierData,
    EventKind.ARMY_SEAT_LOST: ArmyData,
    EventKind.GENERAL_CAPTURED: GeneralCapturedData,
    EventKind.GENERAL_FREED: GeneralFreedData,
    EventKind.STRUCTURE_CAPTURED: StructureChangedHandsData,
    EventKind.STRUCTURE_ABANDONED: StructureChangedHandsData,
    EventKind.STRUCTURE_DESTROYED: StructureDestroyedData,
    EventKind.CITY_LEVEL_LOST: CityLevelLostData,
    EventKind.CAPITAL_REPULSED: StructureData,
    EventKind.CITY_BESIEGED: CityBesiegedData,
    EventKind.SIEGE_CONTINUES: SiegeContinuesData,
    EventKind.SIEGE_LIFTED: SiegeLiftedData,
    EventKind.CITY_FOUNDED: BuildDoneData,
    EventKind.PORT_BUILT: BuildDoneData,
    EventKind.OUTPOST_BUILT: BuildDoneData,
    EventKind.CITY_UPGRADED: BuildDoneData,
    EventKind.BUILD_CANCELLED: BuildCancelledData,
    EventKind.ARMY_RAISED: ArmyRaisedData,
    EventKind.ARMY_UPGRADED: ArmyTierData,
    EventKind.RAISE_CANCELLED: RaiseCancelledData,
    EventKind.UPGRADE_CANCELLED: UpgradeCancelledData,
    EventKind.INSOLVENT: InsolventData,
    EventKind.TREATY_BEGAN: TreatyData,
    EventKind.TREATY_ENDED: TreatyData,
    EventKind.TRADE_ROUTE_LOST: TradeRouteLostData,
    EventKind.EDICT_EXPIRED: EdictExpiredData,
    EventKind.EXPLORED: ExploredData,
    EventKind.ARMY_WITHDREW: ArmyWithdrewData,
    AppEventKind.GOLD: GoldData,
    AppEventKind.STANDING_ORDER: StandingOrderData,
}


# ------------------------------------------------------------------ live events' payloads


class TurnPayload(_Shape):
    turn: int


class PlayerReadyPayload(_Shape):
    player: int
    ready: bool


class TurnChangedPayload(TurnPayload):
    status: str = Field(description="The campaign's status after the change (`finished`…).")


class TurnForcedPayload(TurnPayload):
    late: list[int] = Field(description="The seats that had not declared ready.")


class BattlePayload(_Shape):
    battle_id: int


class BattleDeclaredPayload(BattlePayload):
    turn: int
    kind: BattleKind


class BattleReportedPayload(BattlePayload):
    status: Literal["reported"]
    reported_by: int


class BattleReportEditedPayload(BattleReportedPayload):
    version: int = Field(description="The report's version now (R-BAT-10).")


class BattleRejectedPayload(BattlePayload):
    status: Literal["disputed"]
    reason: str | None


class BattleClosedPayload(BattlePayload):
    status: BattleStatus
    outcome: Outcome | None


class BattleDateProposedPayload(BattlePayload):
    date: Instant
    side: Literal["attacker", "defender"]


class BattleDateAgreedPayload(BattlePayload):
    date: Instant


class PlayerStatusPayload(_Shape):
    player: int
    inactive: bool


class WebhookDisabledPayload(_Shape):
    endpoint_id: uuid.UUID
    reason: str | None


class DeadlinesPayload(TurnPayload):
    deadline_at: Instant | None
    battle_deadline_at: Instant | None


class DeadlineNearPayload(TurnPayload):
    deadline_at: Instant


class SeatOfferedPayload(_Shape):
    player: int
    offered: bool


class SeatTurnPayload(_Shape):
    player: int
    turn: int


class SeatOfferDeclinedPayload(_Shape):
    player: int
    seat_removed: bool = Field(description="The seat was a lobby place nobody took: removed.")


class SeatMissedPayload(SeatTurnPayload):
    missed_in_row: int


class VacationPayload(_Shape):
    player: int
    until: Instant | None
    days_used: int
    deadline_at: Instant | None


class TurnChangeScheduledPayload(TurnPayload):
    due_at: Instant


class TreatyBrokenPayload(_Shape):
    treaty_id: int
    kind: TreatyKind
    by: int
    ends_turn: int | None
    was_in_force: bool


class EdictReceivedPayload(_Shape):
    edict_id: int
    kind: EdictKind
    sender: int


class EdictAnsweredPayload(_Shape):
    edict_id: int
    kind: EdictKind
    status: EdictStatus


class MessageReceivedPayload(_Shape):
    message_id: int
    sender: int = Field(description="The sending seat.")
    to_all: bool


LIVE_PAYLOAD: dict[AnyEventKind, type[BaseModel]] = {
    EventKind.BATTLE_CANCELLED: BattleClosedPayload,
    AppEventKind.TREATY_BROKEN: TreatyBrokenPayload,
    AppEventKind.EDICT_RECEIVED: EdictReceivedPayload,
    AppEventKind.EDICT_ANSWERED: EdictAnsweredPayload,
    AppEventKind.MESSAGE_RECEIVED: MessageReceivedPayload,
    AppEventKind.PLAYER_READY: PlayerReadyPayload,
    AppEventKind.TURN_CHANGED: TurnChangedPayload,
    AppEventKind.TURN_FORCED: TurnForcedPayload,
    AppEventKind.TURN_ROLLED_BACK: TurnPayload,
    AppEventKind.BATTLE_DECLARED: BattleDeclaredPayload,
    AppEventKind.BATTLE_REPORTED: BattleReportedPayload,
    AppEventKind.BATTLE_REJECTED: BattleRejectedPayload,
    AppEventKind.BATTLE_CONFIRMED: BattleClosedPayload,
    AppEventKind.BATTLE_ABANDONED: BattleClosedPayload,
    AppEventKind.PLAYER_STATUS: PlayerStatusPayload,
    AppEventKind.WEBHOOK_DISABLED: WebhookDisabledPayload,
    AppEventKind.CAMPAIGN_PAUSED: TurnPayload,
    AppEventKind.CAMPAIGN_RESUMED: DeadlinesPayload,
    AppEventKind.DEADLINE_EXTENDED: DeadlinesPayload,
    AppEventKind.DEADLINE_NEAR: DeadlineNearPayload,
    AppEventKind.BATTLE_DATE_PROPOSED: BattleDateProposedPayload,
    AppEventKind.BATTLE_DATE_AGREED: BattleDateAgreedPayload,
    AppEventKind.BATTLE_REPORT_EDITED: BattleReportEditedPayload,
    AppEventKind.SEAT_OFFERED: SeatOfferedPayload,
    AppEventKind.SEAT_HANDED_OVER: SeatTurnPayload,
    AppEventKind.SEAT_OFFER_DECLINED: SeatOfferDeclinedPayload,
    AppEventKind.OWNER_BECAME_GAME_MASTER: SeatTurnPayload,
    AppEventKind.SEAT_STEWARDED: SeatMissedPayload,
    AppEventKind.CIVIL_DISORDER: SeatMissedPayload,
    AppEventKind.CIVIL_DISORDER_ENDED: SeatTurnPayload,
    AppEventKind.VACATION_STARTED: VacationPayload,
    AppEventKind.VACATION_ENDED: VacationPayload,
    AppEventKind.TURN_CHANGE_SCHEDULED: TurnChangeScheduledPayload,
    AppEventKind.TURN_CHANGE_CALLED_OFF: TurnPayload,
}


# ----------------------------------------------------------------- the unions, as models


class KeptText(BaseModel):
    """A text kept to be said in another language: a message id of the server and its parameters."""

    template: str = Field(description="The English template, `{name}` placeholders.")
    params: dict[str, Any] = Field(description="Its parameters (a text in the same form).")


def _pascal(kind: StrEnum) -> str:
    return "".join(part.capitalize() for part in kind.value.split("_"))


def _summary_event(kind: AnyEventKind, data: type[BaseModel]) -> type[BaseModel]:
    return create_model(
        f"{_pascal(kind)}SummaryEvent",
        __config__=ConfigDict(extra="forbid"),
        __doc__=f"A `{kind}` line of a turn summary.",
        kind=(Literal[kind.value], ...),  # type: ignore[arg-type]
        rule=(str, Field(description="The rule it applies (`R-…`).")),
        coords=(list[Coord], Field(description="The tiles it happened on that you saw.")),
        data=(data, ...),
        texts=(
            dict[str, KeptText] | None,
            Field(
                default=None,
                description="Stored lines and exports only: the texts of `data` by key, kept "
                "to be said in the reader's language (a read gives them said).",
            ),
        ),
    )


SUMMARY_EVENTS = {k: _summary_event(k, d) for k, d in SUMMARY_DATA.items()}


def _union(name: str, models: dict[AnyEventKind, type[BaseModel]], doc: str) -> dict[str, Any]:
    refs = {str(k): fill(REF_TEMPLATE, {"model": m.__name__}) for k, m in models.items()}
    return {
        "description": doc,
        "oneOf": [{"$ref": ref} for ref in refs.values()],
        "discriminator": {"propertyName": "kind", "mapping": refs},
        "title": name,
    }


def _server_sent_event(kind: AnyEventKind, payload: type[BaseModel]) -> dict[str, Any]:
    return {
        "type": "object",
        "title": f"{_pascal(kind)}ServerSentEvent",
        "description": f"A `{kind}` event of the stream.",
        "properties": {
            "id": {"$ref": "#/components/schemas/ServerSentEventId"},
            "event": {"$ref": "#/components/schemas/EventKind", "const": kind.value},
            "data": {
                "type": "string",
                "contentMediaType": "application/json",
                "contentSchema": {"$ref": fill(REF_TEMPLATE, {"model": payload.__name__})},
                "description": f"A `{payload.__name__}` as JSON.",
            },
        },
        "required": ["id", "event", "data"],
    }


def event_components() -> dict[str, Any]:
    """Every schema of the events, as contract components (`$ref`s between them)."""
    models = [*SUMMARY_EVENTS.values(), *LIVE_PAYLOAD.values()]
    _, top = models_json_schema([(m, "serialization") for m in models], ref_template=REF_TEMPLATE)
    components: dict[str, Any] = dict(top.get("$defs", {}))
    components["EventKind"] = {
        "type": "string",
        "enum": [k.value for k in ALL_KINDS],
        "description": "What happened: one vocabulary for turn summaries and live events "
        "(the engine's kinds, then the app's).",
        "title": "EventKind",
    }
    components["SummaryEvent"] = _union(
        "SummaryEvent", SUMMARY_EVENTS, "A line of a turn summary: its `data` by its `kind`."
    )
    components["ServerSentEventId"] = {
        "type": "string",
        "pattern": "^[A-Za-z0-9_-]{16}$",
        "description": "The event's cursor: send it back as `Last-Event-ID` to resume.",
    }
    components["ServerSentEvent"] = {
        "description": "One event of the stream, as an SSE parser (`EventSource`) hands it "
        "over: `event:` its kind, `data:` its payload as JSON (typed by kind).",
        "oneOf": [
            *(_server_sent_event(k, p) for k, p in LIVE_PAYLOAD.items()),
            {
                "type": "object",
                "title": "ReconnectionDelay",
                "description": "The first frame: no event, only how long to wait before "
                "reconnecting.",
                "properties": {"retry": {"type": "integer", "minimum": 0}},
                "required": ["retry"],
            },
        ],
    }
    return components
