"""The payloads webhooks receive, in the contract's `webhooks` section (OpenAPI 3.1)."""

from typing import Annotated

from fastapi import FastAPI, Header

from app.channels.notifications.formats import DiscordMessage, SlackMessage, WebhookMessage

WebhookIdHeader = Annotated[
    str,
    Header(
        alias="webhook-id",
        description="The message's id: the same on every attempt (drop repeats by it).",
    ),
]
WebhookTimestampHeader = Annotated[
    str, Header(alias="webhook-timestamp", description="Unix seconds of this attempt.")
]
WebhookSignatureHeader = Annotated[
    str,
    Header(
        alias="webhook-signature",
        description="`v1,<base64 HMAC-SHA256>` of `{id}.{timestamp}.{body}` with the "
        "endpoint's secret (Standard Webhooks): `standardwebhooks.Webhook(secret).verify`.",
    ),
]


def document_webhooks(app: FastAPI) -> None:
    """Add the three body formats to `app.webhooks` (documentation only: nothing is served)."""

    @app.webhooks.post("notification", tags=["notifications"])
    def notification(
        body: WebhookMessage,
        webhook_id: WebhookIdHeader,
        webhook_timestamp: WebhookTimestampHeader,
        webhook_signature: WebhookSignatureHeader,
    ) -> None:
        """What a `json` webhook receives; any 2xx answer acknowledges it."""

    @app.webhooks.post("notification-discord", tags=["notifications"])
    def notification_discord(
        body: DiscordMessage,
        webhook_id: WebhookIdHeader,
        webhook_timestamp: WebhookTimestampHeader,
        webhook_signature: WebhookSignatureHeader,
    ) -> None:
        """What a `discord` webhook receives: Discord's execute-webhook body."""

    @app.webhooks.post("notification-slack", tags=["notifications"])
    def notification_slack(
        body: SlackMessage,
        webhook_id: WebhookIdHeader,
        webhook_timestamp: WebhookTimestampHeader,
        webhook_signature: WebhookSignatureHeader,
    ) -> None:
        """What a `slack` webhook receives: Slack's incoming-webhook body."""
