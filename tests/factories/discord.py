"""Discord as the tests play it: a key pair of the test's own, requests signed as Discord signs
them (Ed25519 over the timestamp and the raw body), slash commands and link codes."""

import json
import time
from dataclasses import dataclass
from typing import Any

from httpx import AsyncClient, Response
from nacl.signing import SigningKey

from app.channels.discord.interactions import APPLICATION_COMMAND, INTERACTIONS_PATH, SUB_COMMAND
from app.platform.config import Settings
from tests.factories.flows import AuthUser

URL = "/v1" + INTERACTIONS_PATH
PUBLIC_URL = "https://play.marchlords.test"
GUILD = "100000000000000001"
CHANNEL = "200000000000000002"


@dataclass(frozen=True)
class Discord:
    """The Discord application of a test: its signing key (the public half goes in the
    settings) and the server and channel its commands come from."""

    key: SigningKey

    @property
    def public_key(self) -> str:
        return self.key.verify_key.encode().hex()

    def signed(
        self, body: bytes, *, at: float | None = None, key: SigningKey | None = None
    ) -> dict[str, str]:
        """The headers Discord sends with `body` (signed `at` that Unix time; now if None)."""
        timestamp = str(int(time.time() if at is None else at))
        signature = (key or self.key).sign(timestamp.encode() + body).signature.hex()
        return {
            "X-Signature-Ed25519": signature,
            "X-Signature-Timestamp": timestamp,
            "Content-Type": "application/json",
        }

    async def post(self, client: AsyncClient, payload: dict[str, Any]) -> Response:
        body = json.dumps(payload).encode()
        return await client.post(URL, content=body, headers=self.signed(body))

    async def command(
        self,
        client: AsyncClient,
        discord_user: str,
        name: str,
        *,
        locale: str = "en-US",
        channel: str = CHANNEL,
        permissions: str = "0",
        **options: str,
    ) -> dict[str, Any]:
        """`/marchlords <name> option:value…` from `discord_user` in `channel`; its answer's
        `data` (the message)."""
        response = await self.post(
            client, interaction(discord_user, name, locale, channel, permissions, **options)
        )
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        assert body["type"] == 4
        data: dict[str, Any] = body["data"]
        return data


def new_discord() -> Discord:
    return Discord(SigningKey.generate())


def interaction(
    discord_user: str,
    name: str,
    locale: str = "en-US",
    channel: str = CHANNEL,
    permissions: str = "0",
    **options: str,
) -> dict[str, Any]:
    """A slash command's interaction as Discord sends it from a server's channel."""
    return {
        "id": "300000000000000003",
        "application_id": "400000000000000004",
        "token": "interaction-token",
        "version": 1,
        "type": APPLICATION_COMMAND,
        "locale": locale,
        "guild_id": GUILD,
        "channel_id": channel,
        "member": {"user": {"id": discord_user, "username": "someone"}, "permissions": permissions},
        "data": {
            "id": "500000000000000005",
            "name": "marchlords",
            "type": 1,
            "options": [
                {
                    "name": name,
                    "type": SUB_COMMAND,
                    "options": [{"name": k, "type": 3, "value": v} for k, v in options.items()],
                }
            ],
        },
    }


async def link_code(client: AsyncClient, user: AuthUser) -> str:
    response = await client.post("/v1/users/me/discord/link-code", headers=user.headers)
    assert response.status_code == 201, response.text
    code: str = response.json()["code"]
    return code


async def linked(client: AsyncClient, discord: Discord, user: AuthUser, discord_user: str) -> None:
    """`user`'s account linked to `discord_user`, as a player does it."""
    answer = await discord.command(client, discord_user, "link", code=await link_code(client, user))
    assert "linked" in answer["content"], answer


def discord_settings(settings: Settings, discord: Discord, **update: Any) -> Settings:
    """The test settings with the integration on (`discord`'s public key) and a public URL."""
    return settings.model_copy(
        update={"discord_public_key": discord.public_key, "public_url": PUBLIC_URL, **update}
    )
