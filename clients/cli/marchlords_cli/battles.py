"""Battles (`marchlords battle …`): what to field, the result played at the table (report,
confirm or reject, edit), the play-by date, and the game master's arbitration."""

from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from marchlords_client.api.battles import (
    battles_abandon_place,
    battles_accept_play_by,
    battles_arbitrate_battle,
    battles_cancel_battle_after_deadline,
    battles_choose_leader,
    battles_confirm_result,
    battles_edit_report,
    battles_list_battles,
    battles_propose_play_by,
    battles_read_battle,
    battles_read_pack,
    battles_read_pack_pdf,
    battles_reject_result,
    battles_report_result,
)
from marchlords_client.models import (
    ArbitrateBody,
    BattlesReadPackPdfPaper,
    BattleStatus,
    CasualtyLine,
    Fate,
    LeaderSet,
    Outcome,
    PlayByDate,
    RejectBody,
    ReportCreate,
)
from marchlords_client.types import UNSET

from marchlords_cli.common import (
    CampaignOption,
    JsonOption,
    answer,
    campaign_id,
    compact,
    group,
    key,
    maybe,
    run,
    session,
    show,
)

battle = group("Battles: list them, report, confirm or reject results, dates, arbitration.")
BattleArgument = Annotated[int, typer.Argument(help="The battle's id (`marchlords battle list`).")]
OutcomeOption = Annotated[Outcome | None, typer.Option(help="Who won on the table.")]
LossesOption = Annotated[int | None, typer.Option(min=0, max=100, help="Losses, % of fielded.")]
FateOption = Annotated[Fate | None, typer.Option(help="The loser's army's fate (sieges).")]
CapturedOption = Annotated[bool, typer.Option(help="The losing leader's general was captured.")]
CasualtyOption = Annotated[
    list[str] | None,
    typer.Option(
        "--casualty",
        help="ARMY:UNIT:LOST, models one unit of an army's list lost (UNIT: its position in the "
        "battle's list, from 0); repeat for each unit (R-ARMY-7).",
    ),
]
DateArgument = Annotated[
    datetime, typer.Argument(formats=["%Y-%m-%dT%H:%M:%S%z", "%Y-%m-%d %H:%M%z"],
                             help="A date with its offset, e.g. 2030-06-04T18:00:00+00:00.")
]  # fmt: skip


def side(s: dict[str, Any]) -> str:
    return ",".join(str(p["number"]) for p in s.get("players", [])) or "garrison"


def battle_lines(b: dict[str, Any]) -> Iterable[str]:
    report = b.get("report")
    reported = f" reported {report['outcome']} v{report['version']}" if report else ""
    yours = f" (you: {b['your_side']})" if b.get("your_side") else ""
    yield (
        f"battle {b['id']} at {b['q']},{b['r']} turn {b['turn']}: {side(b['attacker'])} vs "
        f"{side(b['defender'])} {b['status']}{reported}{yours}"
    )


def casualty_lines(values: Iterable[str] | None) -> list[CasualtyLine]:
    """`--casualty ARMY:UNIT:LOST` values as report lines (R-ARMY-7)."""
    out = []
    for value in values or ():
        parts = value.split(":")
        if len(parts) != 3 or not all(p.strip().isdigit() for p in parts):
            raise typer.BadParameter(f"--casualty {value!r}: ARMY:UNIT:LOST, three numbers")
        army_id, unit, lost = (int(p) for p in parts)
        out.append(CasualtyLine(army_id=army_id, unit=unit, lost=lost))
    return out


def report_body(
    outcome: Outcome | None,
    attacker_losses: int | None,
    defender_losses: int | None,
    fate: Fate | None,
    general_captured: bool,
    casualties: Iterable[str] | None = None,
) -> ReportCreate:
    if outcome is None or attacker_losses is None or defender_losses is None:
        raise typer.BadParameter("--outcome, --attacker-losses and --defender-losses")
    lines = casualty_lines(casualties)
    return ReportCreate(
        outcome=outcome,
        attacker_losses_pct=attacker_losses,
        defender_losses_pct=defender_losses,
        fate=maybe(fate),
        general_captured=general_captured,
        casualties=lines if lines else UNSET,
    )


def reported(b: dict[str, Any]) -> Iterable[str]:
    report = b.get("report") or {}
    outcome = f" {report['outcome']} (version {report['version']})" if report else ""
    yield f"battle {b['id']}: {b['status']}{outcome}"


def status_line(b: dict[str, Any]) -> Iterable[str]:
    yield f"battle {b['id']}: {b['status']}"


@battle.command("list")
def list_battles(
    campaign: CampaignOption,
    status: Annotated[BattleStatus | None, typer.Option(help="Only these.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Your battles (and those you see): ids, sides, status and report."""
    run(
        campaign,
        as_json,
        lambda c, cid: battles_list_battles.sync_detailed(
            cid, client=c, status=maybe(status), limit=100
        ),
        lambda page: [line for b in page["items"] for line in battle_lines(b)] or ["(none)"],
    )


@battle.command("show")
def read(campaign: CampaignOption, battle: BattleArgument, as_json: JsonOption = False) -> None:
    """One battle: its sides, what each fields, the report, dates and deadlines."""

    def lines(b: dict[str, Any]) -> Iterable[str]:
        yield from battle_lines(b)
        for name, value in sorted(b.items()):
            if name not in ("id", "q", "r", "turn", "status") and value not in (None, [], {}):
                yield f"  {name}: {compact(value)}"

    run(
        campaign,
        as_json,
        lambda c, cid: battles_read_battle.sync_detailed(cid, battle, client=c),
        lines,
    )


@battle.command("pack")
def pack(campaign: CampaignOption, battle: BattleArgument, as_json: JsonOption = False) -> None:
    """Your side's battle pack: the field, the forces, what you saw of the enemy (R-PACK)."""
    run(campaign, as_json, lambda c, cid: battles_read_pack.sync_detailed(cid, battle, client=c))


@battle.command("pack-pdf")
def pack_pdf(
    campaign: CampaignOption,
    battle: BattleArgument,
    out: Annotated[Path, typer.Option("--out", help="The PDF file to write.")],
    paper: Annotated[
        BattlesReadPackPdfPaper, typer.Option(help="The paper size.")
    ] = BattlesReadPackPdfPaper.A4,
    as_json: JsonOption = False,
) -> None:
    """Your battle pack to print, written to a PDF file (one page per side you see)."""
    with session() as client:
        cid = campaign_id(client, campaign, as_json)
        response = answer(
            lambda: battles_read_pack_pdf.sync_detailed(cid, battle, client=client, paper=paper),
            as_json,
        )
    out.write_bytes(response.content)
    show({"file": str(out), "bytes": len(response.content)}, as_json)


@battle.command("report")
def report(
    campaign: CampaignOption,
    battle: BattleArgument,
    outcome: OutcomeOption = None,
    attacker_losses: LossesOption = None,
    defender_losses: LossesOption = None,
    fate: FateOption = None,
    general_captured: CapturedOption = False,
    casualty: CasualtyOption = None,
    as_json: JsonOption = False,
) -> None:
    """Report the result played at the table; the other side confirms or rejects it."""
    body = report_body(outcome, attacker_losses, defender_losses, fate, general_captured, casualty)
    run(
        campaign,
        as_json,
        lambda c, cid: battles_report_result.sync_detailed(
            cid, battle, client=c, body=body, idempotency_key=key()
        ),
        reported,
    )


@battle.command("edit")
def edit(
    campaign: CampaignOption,
    battle: BattleArgument,
    outcome: OutcomeOption = None,
    attacker_losses: LossesOption = None,
    defender_losses: LossesOption = None,
    fate: FateOption = None,
    general_captured: CapturedOption = False,
    casualty: CasualtyOption = None,
    as_json: JsonOption = False,
) -> None:
    """Correct your report (the whole report) until it is confirmed or rejected (R-BAT-10)."""
    body = report_body(outcome, attacker_losses, defender_losses, fate, general_captured, casualty)
    run(
        campaign,
        as_json,
        lambda c, cid: battles_edit_report.sync_detailed(
            cid, battle, client=c, body=body, idempotency_key=key()
        ),
        reported,
    )


@battle.command("confirm")
def confirm(
    campaign: CampaignOption,
    battle: BattleArgument,
    version: Annotated[
        int | None, typer.Option(help="The report version you read (refused if it changed).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Confirm the other side's report: its effects apply at once."""
    run(
        campaign,
        as_json,
        lambda c, cid: battles_confirm_result.sync_detailed(
            cid, battle, client=c, version=maybe(version), idempotency_key=key()
        ),
        status_line,
    )


@battle.command("reject")
def reject(
    campaign: CampaignOption,
    battle: BattleArgument,
    reason: Annotated[str, typer.Argument(help="Why (the game master reads it).")],
    as_json: JsonOption = False,
) -> None:
    """Reject the other side's report: the battle is disputed, the game master settles it."""
    body = RejectBody(reason=reason)
    run(
        campaign,
        as_json,
        lambda c, cid: battles_reject_result.sync_detailed(
            cid, battle, client=c, body=body, idempotency_key=key()
        ),
        status_line,
    )


@battle.command("arbitrate")
def arbitrate(
    campaign: CampaignOption,
    battle: BattleArgument,
    outcome: OutcomeOption = None,
    attacker_losses: LossesOption = None,
    defender_losses: LossesOption = None,
    fate: FateOption = None,
    general_captured: CapturedOption = False,
    cancel: Annotated[bool, typer.Option("--cancel", help="Cancel the battle instead.")] = False,
    casualty: CasualtyOption = None,
    as_json: JsonOption = False,
) -> None:
    """Settle a battle (owner): impose a result, or `--cancel` it."""
    if cancel:
        if outcome is not None:
            raise typer.BadParameter("either --cancel or a result, not both")
        body = ArbitrateBody(cancel=True)
    else:
        body = ArbitrateBody(
            report=report_body(
                outcome, attacker_losses, defender_losses, fate, general_captured, casualty
            )
        )
    run(
        campaign,
        as_json,
        lambda c, cid: battles_arbitrate_battle.sync_detailed(
            cid, battle, client=c, body=body, idempotency_key=key()
        ),
        status_line,
    )


@battle.command("cancel")
def cancel(campaign: CampaignOption, battle: BattleArgument, as_json: JsonOption = False) -> None:
    """Cancel a battle left unplayed past its deadline."""
    run(
        campaign,
        as_json,
        lambda c, cid: battles_cancel_battle_after_deadline.sync_detailed(
            cid, battle, client=c, idempotency_key=key()
        ),
        f"battle {battle}: cancelled",
    )


@battle.command("abandon")
def abandon(campaign: CampaignOption, battle: BattleArgument, as_json: JsonOption = False) -> None:
    """Abandon your attacked outpost or port instead of defending it."""
    run(
        campaign,
        as_json,
        lambda c, cid: battles_abandon_place.sync_detailed(
            cid, battle, client=c, idempotency_key=key()
        ),
        status_line,
    )


@battle.command("leader")
def leader(
    campaign: CampaignOption,
    battle: BattleArgument,
    army: Annotated[int, typer.Argument(help="Your army that leads your side.")],
    as_json: JsonOption = False,
) -> None:
    """Choose which of your side's armies leads it."""
    body = LeaderSet(army_id=army)
    run(
        campaign,
        as_json,
        lambda c, cid: battles_choose_leader.sync_detailed(
            cid, battle, client=c, body=body, idempotency_key=key()
        ),
        lambda b: [f"battle {b['id']}: army {army} leads"],
    )


@battle.command("date")
def propose_date(
    campaign: CampaignOption, battle: BattleArgument, date: DateArgument,
    as_json: JsonOption = False,
) -> None:  # fmt: skip
    """Propose a date to play the battle by (R-BAT-8); the other side accepts it."""
    body = PlayByDate(date=date)
    run(
        campaign,
        as_json,
        lambda c, cid: battles_propose_play_by.sync_detailed(
            cid, battle, client=c, body=body, idempotency_key=key()
        ),
        lambda b: [f"battle {b['id']}: play by {date.isoformat()} proposed"],
    )


@battle.command("accept-date")
def accept_date(
    campaign: CampaignOption, battle: BattleArgument, date: DateArgument,
    as_json: JsonOption = False,
) -> None:  # fmt: skip
    """Accept the other side's proposed date (name it: refused if it was replaced)."""
    body = PlayByDate(date=date)
    run(
        campaign,
        as_json,
        lambda c, cid: battles_accept_play_by.sync_detailed(
            cid, battle, client=c, body=body, idempotency_key=key()
        ),
        lambda b: [f"battle {b['id']}: play by {b.get('play_by')}"],
    )


def install(app: typer.Typer) -> None:
    app.add_typer(battle, name="battle")
