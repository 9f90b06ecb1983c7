"""Email for API tests: a real SMTP server in the test process (aiosmtpd on 127.0.0.1) that
records what it is sent, and the settings that point the app at it."""

import re
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.channels.notifications.email import send_due
from app.platform.config import Settings
from app.platform.db.base import utcnow
from tests.factories.flows import AuthUser

PUBLIC = "https://marchlords.test"


@dataclass(frozen=True)
class Envelope:
    """One SMTP transaction as the server saw it: the envelope and the bytes."""

    sender: str
    recipients: list[str]
    data: bytes


@dataclass
class Mailbox:
    """What the SMTP server received; `refuse` holds answers to give before accepting."""

    messages: list[EmailMessage] = field(default_factory=list)
    envelopes: list[Envelope] = field(default_factory=list)
    refuse: list[str] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.refuse:
            return self.refuse.pop(0)
        parsed = BytesParser(policy=policy.default).parsebytes(envelope.content)
        assert isinstance(parsed, EmailMessage)
        self.messages.append(parsed)
        self.envelopes.append(
            Envelope(envelope.mail_from, list(envelope.rcpt_tos), bytes(envelope.content))
        )
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if m["To"] == address]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def smtp() -> Iterator[tuple[Mailbox, int]]:
    mailbox = Mailbox()
    port = _free_port()
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield mailbox, port
    finally:
        controller.stop()


@pytest.fixture
def mailbox(smtp: tuple[Mailbox, int]) -> Mailbox:
    return smtp[0]


@pytest.fixture
def email_settings(settings: Settings, smtp: tuple[Mailbox, int]) -> Settings:
    return settings.model_copy(
        update={
            "smtp_host": "127.0.0.1",
            "smtp_port": smtp[1],
            "smtp_security": "none",
            "smtp_from": "Marchlords <noreply@marchlords.test>",
            "public_url": PUBLIC,
            "webhooks_allow_loopback": True,
        }
    )


def body_of(message: EmailMessage, subtype: str) -> str:
    """The text of the message's `text/<subtype>` part."""
    part = message.get_body(preferencelist=(subtype,))
    assert part is not None, f"no text/{subtype} part"
    assert isinstance(part, EmailMessage)
    content: str = part.get_content()
    return content


def link_in(message: EmailMessage, path: str) -> str:
    """The secret of the message's link to `PUBLIC` + `path`."""
    text = body_of(message, "plain")
    found = re.search(re.escape(f"{PUBLIC}{path}") + r"([A-Za-z0-9_\-]+)", text)
    assert found, text
    return found.group(1)


async def set_address(client: AsyncClient, user: AuthUser, address: str) -> dict[str, Any]:
    """`PUT /v1/users/me/email`, accepted."""
    response = await client.put(
        "/v1/users/me/email", json={"address": address}, headers=user.headers
    )
    assert response.status_code == 202, response.text
    found: dict[str, Any] = response.json()
    return found


async def confirm_address(
    client: AsyncClient,
    user: AuthUser,
    address: str,
    mailbox: Mailbox,
    sessionmaker: async_sessionmaker[AsyncSession],
    settings: Settings,
) -> None:
    """Set the user's address and confirm it from the mailbox, as its owner would."""
    await set_address(client, user, address)
    await send_due(sessionmaker, settings, utcnow() + timedelta(seconds=1))
    token = link_in(mailbox.to(address)[-1], "/v1/email/confirm/")
    assert (await client.post(f"/v1/email/confirm/{token}")).status_code == 200
