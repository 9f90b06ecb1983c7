"""Webhooks (`marchlords webhook …`): personal or campaign notifications to a URL, Discord or
Slack."""

import uuid
from typing import Annotated

import typer
from marchlords_client.api.notifications import (
    notifications_create_webhook,
    notifications_delete_webhook,
    notifications_get_webhook,
    notifications_list_deliveries,
    notifications_list_webhooks,
    notifications_ping_webhook,
    notifications_update_webhook,
)
from marchlords_client.models import (
    EndpointCreate,
    EndpointFormat,
    EndpointScope,
    EndpointUpdate,
    NotificationKind,
)

from marchlords_cli.common import CampaignOption, JsonOption, group, key, maybe, run

webhook = group("Webhooks: where the server tells you (or the campaign's channel) things.")
WebhookArgument = Annotated[uuid.UUID, typer.Argument(help="The webhook's id.")]
KindsOption = Annotated[
    list[NotificationKind] | None, typer.Option("--kind", help="What to hear about (repeat).")
]


@webhook.command("list")
def list_webhooks(campaign: CampaignOption, as_json: JsonOption = False) -> None:
    """Your webhooks in the campaign (and the campaign's, for the owner)."""
    run(campaign, as_json, lambda c, cid: notifications_list_webhooks.sync_detailed(cid, client=c))


@webhook.command("add")
def add(
    campaign: CampaignOption,
    url: Annotated[str, typer.Argument(help="Where to deliver (https).")],
    format_: Annotated[
        EndpointFormat, typer.Option("--format", help="json, discord or slack.")
    ] = EndpointFormat.JSON,
    scope: Annotated[
        EndpointScope, typer.Option(help="personal, or campaign (owner).")
    ] = EndpointScope.PERSONAL,
    kinds: KindsOption = None,
    as_json: JsonOption = False,
) -> None:
    """Add a webhook; its signing secret is shown this once."""
    body = EndpointCreate(url=url, format_=format_, scope=scope, kinds=maybe(kinds))
    run(
        campaign,
        as_json,
        lambda c, cid: notifications_create_webhook.sync_detailed(
            cid, client=c, body=body, idempotency_key=key()
        ),
        lambda w: [f"webhook {w['id']}: secret {w.get('secret')} (shown once)"],
    )


@webhook.command("show")
def read(campaign: CampaignOption, webhook: WebhookArgument, as_json: JsonOption = False) -> None:
    """One webhook and its state."""
    run(
        campaign, as_json,
        lambda c, cid: notifications_get_webhook.sync_detailed(cid, webhook, client=c),
    )  # fmt: skip


@webhook.command("update")
def update(
    campaign: CampaignOption,
    webhook: WebhookArgument,
    url: Annotated[str | None, typer.Option(help="A new URL.")] = None,
    format_: Annotated[EndpointFormat | None, typer.Option("--format")] = None,
    kinds: KindsOption = None,
    enabled: Annotated[bool | None, typer.Option(help="Enable (again) or disable it.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Change a webhook (`--enabled` turns a disabled one on again)."""
    body = EndpointUpdate(
        url=maybe(url), format_=maybe(format_), kinds=maybe(kinds), enabled=maybe(enabled)
    )
    run(
        campaign,
        as_json,
        lambda c, cid: notifications_update_webhook.sync_detailed(
            cid, webhook, client=c, body=body, idempotency_key=key()
        ),
    )


@webhook.command("delete")
def delete(campaign: CampaignOption, webhook: WebhookArgument, as_json: JsonOption = False) -> None:
    """Delete a webhook."""
    run(
        campaign,
        as_json,
        lambda c, cid: notifications_delete_webhook.sync_detailed(
            cid, webhook, client=c, idempotency_key=key()
        ),
        f"webhook {webhook} deleted",
    )


@webhook.command("deliveries")
def deliveries(
    campaign: CampaignOption, webhook: WebhookArgument, as_json: JsonOption = False
) -> None:
    """The webhook's latest deliveries and their answers."""
    run(
        campaign,
        as_json,
        lambda c, cid: notifications_list_deliveries.sync_detailed(
            cid, webhook, client=c, limit=100
        ),
    )


@webhook.command("ping")
def ping(campaign: CampaignOption, webhook: WebhookArgument, as_json: JsonOption = False) -> None:
    """Send a test delivery now."""
    run(
        campaign,
        as_json,
        lambda c, cid: notifications_ping_webhook.sync_detailed(
            cid, webhook, client=c, idempotency_key=key()
        ),
        lambda d: [f"delivery {d.get('id')}: {d.get('status', 'queued')}"],
    )


def install(app: typer.Typer) -> None:
    app.add_typer(webhook, name="webhook")
