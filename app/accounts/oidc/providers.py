"""The providers an operator configured (`MARCHLORDS_OIDC_PROVIDERS`: JSON, or a TOML file)."""

import json
import tomllib
from pathlib import Path
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, SecretStr, TypeAdapter, model_validator

from app.platform.config import Settings

# Discord speaks OAuth 2 without OpenID Connect: its user endpoint says who signed in, and its
# ids are the subjects of this issuer (which Discord itself never states).
DISCORD_ISSUER = "https://discord.com"
DISCORD_AUTHORIZE = "https://discord.com/oauth2/authorize"
DISCORD_TOKEN = "https://discord.com/api/oauth2/token"  # noqa: S105  (a URL, not a secret)
DISCORD_USER = "https://discord.com/api/users/@me"


class Provider(BaseModel):
    """One provider of the operator's configuration."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,31}$")
    name: str = Field(min_length=1, max_length=40)
    kind: Literal["oidc", "discord"] = "oidc"
    issuer: str | None = None
    # Explicit endpoints, for a provider without discovery (all three, with the issuer).
    authorization_endpoint: str | None = None
    token_endpoint: str | None = None
    jwks_uri: str | None = None
    client_id: str = Field(min_length=1, max_length=255)
    client_secret: SecretStr
    scope: str | None = None

    @model_validator(mode="after")
    def _complete(self) -> Self:
        explicit = (self.authorization_endpoint, self.token_endpoint, self.jwks_uri)
        if self.kind == "oidc":
            if not self.issuer:
                raise ValueError(f"provider {self.id!r}: an OpenID Connect provider needs `issuer`")
            if any(explicit) and not all(explicit):
                raise ValueError(
                    f"provider {self.id!r}: give all of authorization_endpoint, token_endpoint "
                    "and jwks_uri, or none (discovery)"
                )
        elif any(explicit) or self.issuer:
            raise ValueError(
                f"provider {self.id!r}: a Discord provider takes no issuer or endpoints"
            )
        return self

    @property
    def scopes(self) -> str:
        """The scopes asked for: the configured ones, or what signing in needs."""
        if self.scope:
            return self.scope
        return "identify" if self.kind == "discord" else "openid email profile"

    def urls(self) -> list[str]:
        """Every URL of the configuration (each must be https, unless `oidc_allow_http`)."""
        found = (self.issuer, self.authorization_endpoint, self.token_endpoint, self.jwks_uri)
        return [url for url in found if url]


_PROVIDERS = TypeAdapter(list[Provider])


def load_providers(settings: Settings) -> dict[str, Provider]:
    """The configured providers by id (none when unset); a ValueError names what is wrong."""
    raw = (settings.oidc_providers or "").strip()
    if not raw:
        return {}
    if raw.startswith("["):
        data: object = json.loads(raw)
    else:
        with Path(raw).open("rb") as file:
            data = tomllib.load(file).get("providers", [])
    providers = _PROVIDERS.validate_python(data)
    by_id: dict[str, Provider] = {}
    for provider in providers:
        if provider.id in by_id:
            raise ValueError(f"provider {provider.id!r} is configured twice")
        for url in provider.urls():
            check_url(url, settings)
        by_id[provider.id] = provider
    return by_id


def check_url(url: str, settings: Settings) -> None:
    """A provider's URL must be https (or http with `oidc_allow_http`), else ValueError."""
    if url.startswith("https://") or (settings.oidc_allow_http and url.startswith("http://")):
        return
    raise ValueError(f"{url!r}: a provider's URLs must be https")
