"""Moderation (`marchlords block …`, `marchlords bar …`, `marchlords report …`, and for the
server's operators `marchlords operator …`): users I block, users barred from my public
campaigns, reports, and the operators' acts on them (each with a reason, audited)."""

import uuid
from typing import Annotated

import typer
from marchlords_client.api.moderation import (
    moderation_ban_user,
    moderation_block_user,
    moderation_list_banned,
    moderation_list_blocks,
    moderation_report,
    moderation_unban_user,
    moderation_unblock_user,
)
from marchlords_client.api.operators import (
    operators_hide_reported_message,
    operators_list_reports,
    operators_read_audit_log,
    operators_read_report,
    operators_reinstate_user,
    operators_rename_campaign,
    operators_resolve_report,
    operators_suspend_user,
)
from marchlords_client.models import (
    CampaignRename,
    CampaignReport,
    MessageReport,
    ModerationReason,
    UserReport,
)

from marchlords_cli.common import JsonOption, call, group, session, show

block = group("Block users: their messages, asks, seat offers and open seats stop reaching you.")
bar = group("Bar users from your public campaigns: their asks to join are refused.")
report = group("Report a message, a user or a campaign's name to the server's operators.")
operator = group("The server's operators: reports, suspensions, the audit log.")
Username = Annotated[str, typer.Argument(help="A username.")]
Reason = Annotated[str, typer.Option("--reason", help="Why (the operators read it).")]
ReportArgument = Annotated[uuid.UUID, typer.Argument(help="The report's id.")]


@block.command("add")
def block_user(username: Username, as_json: JsonOption = False) -> None:
    """Block a user (they are not told)."""
    with session() as client:
        call(lambda: moderation_block_user.sync_detailed(username, client=client), as_json)
    show(None, as_json, f"{username} blocked")


@block.command("remove")
def unblock_user(username: Username, as_json: JsonOption = False) -> None:
    """Undo a block."""
    with session() as client:
        call(lambda: moderation_unblock_user.sync_detailed(username, client=client), as_json)
    show(None, as_json, f"{username} no longer blocked")


@block.command("list")
def list_blocks(as_json: JsonOption = False) -> None:
    """The users I blocked."""
    with session() as client:
        found = call(lambda: moderation_list_blocks.sync_detailed(client=client), as_json)
    show(found, as_json)


@bar.command("add")
def bar_user(username: Username, as_json: JsonOption = False) -> None:
    """Bar a user from my public campaigns (R-CAMP-11)."""
    with session() as client:
        call(lambda: moderation_ban_user.sync_detailed(username, client=client), as_json)
    show(None, as_json, f"{username} barred")


@bar.command("remove")
def unbar_user(username: Username, as_json: JsonOption = False) -> None:
    """Lift a bar."""
    with session() as client:
        call(lambda: moderation_unban_user.sync_detailed(username, client=client), as_json)
    show(None, as_json, f"{username} no longer barred")


@bar.command("list")
def list_bars(as_json: JsonOption = False) -> None:
    """The users barred from my public campaigns."""
    with session() as client:
        found = call(lambda: moderation_list_banned.sync_detailed(client=client), as_json)
    show(found, as_json)


@report.command("user")
def report_user(username: Username, reason: Reason, as_json: JsonOption = False) -> None:
    """Report a user."""
    body = UserReport(kind="user", username=username, reason=reason)
    with session() as client:
        sent = call(lambda: moderation_report.sync_detailed(client=client, body=body), as_json)
    show(sent, as_json, "reported")


@report.command("message")
def report_message(
    campaign: Annotated[uuid.UUID, typer.Argument(help="The campaign's id.")],
    message: Annotated[int, typer.Argument(help="The message's id.")],
    reason: Reason,
    as_json: JsonOption = False,
) -> None:
    """Report a message of my mailbox."""
    body = MessageReport(kind="message", campaign_id=campaign, message_id=message, reason=reason)
    with session() as client:
        sent = call(lambda: moderation_report.sync_detailed(client=client, body=body), as_json)
    show(sent, as_json, "reported")


@report.command("campaign")
def report_campaign(
    campaign: Annotated[uuid.UUID, typer.Argument(help="The campaign's id.")],
    reason: Reason,
    as_json: JsonOption = False,
) -> None:
    """Report a campaign's name."""
    body = CampaignReport(kind="campaign", campaign_id=campaign, reason=reason)
    with session() as client:
        sent = call(lambda: moderation_report.sync_detailed(client=client, body=body), as_json)
    show(sent, as_json, "reported")


@operator.command("reports")
def list_reports(
    all_reports: Annotated[bool, typer.Option("--all", help="Closed ones too.")] = False,
    as_json: JsonOption = False,
) -> None:
    """The open reports (operators only)."""
    with session() as client:
        found = call(
            lambda: operators_list_reports.sync_detailed(client=client, open_=not all_reports),
            as_json,
        )
    show(found, as_json)


@operator.command("show")
def read_report(report_id: ReportArgument, as_json: JsonOption = False) -> None:
    """One report (operators only)."""
    with session() as client:
        found = call(lambda: operators_read_report.sync_detailed(report_id, client=client), as_json)
    show(found, as_json)


@operator.command("resolve")
def resolve(report_id: ReportArgument, reason: Reason, as_json: JsonOption = False) -> None:
    """Close a report."""
    body = ModerationReason(reason=reason)
    with session() as client:
        done = call(
            lambda: operators_resolve_report.sync_detailed(report_id, client=client, body=body),
            as_json,
        )
    show(done, as_json)


@operator.command("hide")
def hide(report_id: ReportArgument, reason: Reason, as_json: JsonOption = False) -> None:
    """Hide the message a report is about."""
    body = ModerationReason(reason=reason)
    with session() as client:
        done = call(
            lambda: operators_hide_reported_message.sync_detailed(
                report_id, client=client, body=body
            ),
            as_json,
        )
    show(done, as_json)


@operator.command("suspend")
def suspend(username: Username, reason: Reason, as_json: JsonOption = False) -> None:
    """Suspend a user: signed out at once, seats into civil disorder."""
    body = ModerationReason(reason=reason)
    with session() as client:
        done = call(
            lambda: operators_suspend_user.sync_detailed(username, client=client, body=body),
            as_json,
        )
    show(done, as_json)


@operator.command("reinstate")
def reinstate(username: Username, reason: Reason, as_json: JsonOption = False) -> None:
    """Let a suspended user sign in again."""
    body = ModerationReason(reason=reason)
    with session() as client:
        done = call(
            lambda: operators_reinstate_user.sync_detailed(username, client=client, body=body),
            as_json,
        )
    show(done, as_json)


@operator.command("rename")
def rename(
    campaign: Annotated[uuid.UUID, typer.Argument(help="The campaign's id.")],
    name: Annotated[str, typer.Argument(help="Its new name.")],
    reason: Reason,
    as_json: JsonOption = False,
) -> None:
    """Rename a campaign."""
    body = CampaignRename(name=name, reason=reason)
    with session() as client:
        call(
            lambda: operators_rename_campaign.sync_detailed(campaign, client=client, body=body),
            as_json,
        )
    show(None, as_json, "renamed")


@operator.command("audit")
def audit(as_json: JsonOption = False) -> None:
    """Every operator's act, newest first."""
    with session() as client:
        found = call(lambda: operators_read_audit_log.sync_detailed(client=client), as_json)
    show(found, as_json)


def install(app: typer.Typer) -> None:
    app.add_typer(block, name="block")
    app.add_typer(bar, name="bar")
    app.add_typer(report, name="report")
    app.add_typer(operator, name="operator")
