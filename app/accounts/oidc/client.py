"""The protocol with a provider: discovery, the authorization URL (state, nonce, PKCE S256),
the code's exchange, and who signed in (a validated ID token, or Discord's user endpoint)."""

import hmac
import time
import unicodedata
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

import httpx
from authlib.oauth2.rfc7636 import create_s256_code_challenge
from authlib.oidc.core import CodeIDToken
from joserfc import jwt
from joserfc.errors import InvalidKeyIdError, JoseError
from joserfc.jwk import KeySet

from app.accounts.oidc.providers import (
    DISCORD_AUTHORIZE,
    DISCORD_ISSUER,
    DISCORD_TOKEN,
    DISCORD_USER,
    Provider,
    check_url,
)
from app.platform.config import Settings

# Signatures an ID token may carry: asymmetric ones only, never `none` nor a shared secret.
ALGORITHMS = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "EdDSA")
METADATA_TTL_SECONDS = 3600.0
TIMEOUT_SECONDS = 10.0
LEEWAY_SECONDS = 60
MAX_ANSWER_BYTES = 256 * 1024


class ProviderFailed(Exception):
    """The provider's answer, or the identity it vouches for, is refused (`code` says which
    step: `oidc_provider` for its endpoints, `oidc_token` for the ID token)."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Endpoints:
    """Where a provider signs in, exchanges codes and publishes its keys."""

    issuer: str
    authorization: str
    token: str
    jwks_uri: str | None  # None: OAuth 2 only (Discord), the user endpoint says who it is
    userinfo: str | None


@dataclass(frozen=True, slots=True)
class Claimed:
    """Who the provider says signed in: the identity (issuer, subject), and a label to show."""

    issuer: str
    subject: str
    label: str | None


def _label(value: object) -> str | None:
    """A provider's name for the account, shown to its user: text without control or format
    characters (no line breaks, no bidi overrides), at most 254 characters."""
    if not isinstance(value, str):
        return None
    text = "".join(ch for ch in value if not unicodedata.category(ch).startswith("C")).strip()
    return text[:254] or None


def _subject(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not 1 <= len(value) <= 255:
        raise ProviderFailed(
            code="oidc_token", reason="the provider's subject is missing or too long"
        )
    return value


class OidcClient:
    """The configured providers, with their discovered metadata and keys cached a while."""

    def __init__(self, settings: Settings, providers: dict[str, Provider]) -> None:
        self.settings = settings
        self.providers = providers
        self._endpoints: dict[str, tuple[float, Endpoints]] = {}
        self._keys: dict[str, tuple[float, KeySet]] = {}

    # ------------------------------------------------------------------------------ http

    async def _json(self, method: str, url: str, **kwargs: Any) -> dict[str, Any]:
        check_url(url, self.settings)
        try:
            async with httpx.AsyncClient(timeout=TIMEOUT_SECONDS, follow_redirects=False) as http:
                response = await http.request(method, url, **kwargs)
        except httpx.HTTPError as error:
            raise ProviderFailed(
                code="oidc_provider", reason=f"the provider did not answer: {error}"
            ) from None
        if response.status_code != 200:
            raise ProviderFailed(
                code="oidc_provider", reason=f"the provider answered {response.status_code}"
            )
        if len(response.content) > MAX_ANSWER_BYTES:
            raise ProviderFailed(code="oidc_provider", reason="the provider's answer is too large")
        try:
            data = response.json()
        except ValueError:
            raise ProviderFailed(
                code="oidc_provider", reason="the provider's answer is not JSON"
            ) from None
        if not isinstance(data, dict):
            raise ProviderFailed(
                code="oidc_provider", reason="the provider's answer is not an object"
            )
        return data

    # ------------------------------------------------------------------------ discovery

    async def endpoints(self, provider: Provider) -> Endpoints:
        """The provider's endpoints: Discord's, the configured ones, or discovered (the issuer
        the document states must be the configured one, exactly)."""
        cached = self._endpoints.get(provider.id)
        if cached is not None and time.monotonic() - cached[0] < METADATA_TTL_SECONDS:
            return cached[1]
        if provider.kind == "discord":
            found = Endpoints(DISCORD_ISSUER, DISCORD_AUTHORIZE, DISCORD_TOKEN, None, DISCORD_USER)
        elif provider.authorization_endpoint and provider.token_endpoint and provider.issuer:
            found = Endpoints(
                provider.issuer,
                provider.authorization_endpoint,
                provider.token_endpoint,
                provider.jwks_uri,
                None,
            )
        else:
            assert provider.issuer is not None  # noqa: S101  (the configuration checks it)
            url = provider.issuer.rstrip("/") + "/.well-known/openid-configuration"
            document = await self._json("GET", url)
            if document.get("issuer") != provider.issuer:
                raise ProviderFailed(
                    code="oidc_provider",
                    reason="the provider's discovery document names another issuer",
                )
            try:
                found = Endpoints(
                    provider.issuer,
                    str(document["authorization_endpoint"]),
                    str(document["token_endpoint"]),
                    str(document["jwks_uri"]),
                    None,
                )
            except KeyError as missing:
                raise ProviderFailed(
                    code="oidc_provider",
                    reason=f"the provider's discovery document lacks {missing}",
                ) from None
            for endpoint in (found.authorization, found.token, found.jwks_uri or ""):
                try:
                    check_url(endpoint, self.settings)
                except ValueError as error:
                    raise ProviderFailed(code="oidc_provider", reason=str(error)) from None
        self._endpoints[provider.id] = (time.monotonic(), found)
        return found

    # -------------------------------------------------------------------- authorization

    @staticmethod
    def authorization_url(
        provider: Provider,
        endpoints: Endpoints,
        *,
        redirect_uri: str,
        state: str,
        nonce: str,
        code_verifier: str,
    ) -> str:
        """Where the browser goes to sign in at the provider."""
        params = {
            "response_type": "code",
            "client_id": provider.client_id,
            "redirect_uri": redirect_uri,
            "scope": provider.scopes,
            "state": state,
            "code_challenge": create_s256_code_challenge(code_verifier),
            "code_challenge_method": "S256",
        }
        if provider.kind == "oidc":
            params["nonce"] = nonce
        separator = "&" if "?" in endpoints.authorization else "?"
        return endpoints.authorization + separator + urlencode(params, quote_via=quote)

    async def identify(
        self,
        provider: Provider,
        *,
        code: str,
        redirect_uri: str,
        code_verifier: str,
        nonce: str,
    ) -> Claimed:
        """Exchange the code (with the PKCE verifier) and say who signed in."""
        endpoints = await self.endpoints(provider)
        # RFC 6749 §2.3.1: the client's id and secret are form-encoded, then sent as Basic.
        secret = provider.client_secret.get_secret_value()
        tokens = await self._json(
            "POST",
            endpoints.token,
            data={
                "grant_type": "authorization_code",
                "code": code,
                "redirect_uri": redirect_uri,
                "code_verifier": code_verifier,
            },
            auth=(quote(provider.client_id, safe=""), quote(secret, safe="")),
            headers={"Accept": "application/json"},
        )
        access_token = tokens.get("access_token")
        if not isinstance(access_token, str):
            raise ProviderFailed(code="oidc_provider", reason="the provider gave no access token")
        if provider.kind == "discord":
            return await self._discord_user(endpoints, access_token)
        id_token = tokens.get("id_token")
        if not isinstance(id_token, str):
            raise ProviderFailed(code="oidc_token", reason="the provider gave no ID token")
        return await self._validate_id_token(provider, endpoints, id_token, access_token, nonce)

    async def _discord_user(self, endpoints: Endpoints, access_token: str) -> Claimed:
        assert endpoints.userinfo is not None  # noqa: S101  (Discord's endpoints have it)
        user = await self._json(
            "GET", endpoints.userinfo, headers={"Authorization": f"Bearer {access_token}"}
        )
        return Claimed(
            issuer=endpoints.issuer,
            subject=_subject(user.get("id")),
            label=_label(user.get("username")),
        )

    async def _key_set(self, provider: Provider, endpoints: Endpoints, *, fresh: bool) -> KeySet:
        cached = self._keys.get(provider.id)
        if not fresh and cached is not None and time.monotonic() - cached[0] < METADATA_TTL_SECONDS:
            return cached[1]
        if endpoints.jwks_uri is None:
            raise ProviderFailed(code="oidc_token", reason="the provider publishes no keys")
        document = await self._json("GET", endpoints.jwks_uri)
        try:
            keys = KeySet.import_key_set(document)  # type: ignore[arg-type]
        except (JoseError, ValueError, TypeError, KeyError):
            raise ProviderFailed(
                code="oidc_provider", reason="the provider's keys cannot be read"
            ) from None
        self._keys[provider.id] = (time.monotonic(), keys)
        return keys

    async def _validate_id_token(
        self,
        provider: Provider,
        endpoints: Endpoints,
        id_token: str,
        access_token: str,
        nonce: str,
    ) -> Claimed:
        """The ID token's signature (the provider's published keys), issuer, audience, expiry
        and nonce; its subject is the identity."""
        try:
            try:
                keys = await self._key_set(provider, endpoints, fresh=False)
                token = jwt.decode(id_token, keys, algorithms=ALGORITHMS)
            except InvalidKeyIdError:  # the provider rolled its keys over: read them again
                keys = await self._key_set(provider, endpoints, fresh=True)
                token = jwt.decode(id_token, keys, algorithms=ALGORITHMS)
            claims = CodeIDToken(
                token.claims,
                token.header,
                {
                    "iss": {"essential": True, "value": endpoints.issuer},
                    "aud": {"essential": True, "value": provider.client_id},
                    "exp": {"essential": True},
                    "sub": {"essential": True},
                },
                {"client_id": provider.client_id, "access_token": access_token},
            )
            claims.validate(leeway=LEEWAY_SECONDS)
        except (JoseError, ValueError, TypeError, KeyError) as error:
            raise ProviderFailed(
                code="oidc_token", reason=f"the ID token is refused: {error}"
            ) from None
        # The nonce is required, and this flow's: an ID token of another sign-in is refused.
        got = token.claims.get("nonce")
        if not isinstance(got, str) or not hmac.compare_digest(got.encode(), nonce.encode()):
            raise ProviderFailed(
                code="oidc_token", reason="the ID token's nonce is not this sign-in's"
            )
        return Claimed(
            issuer=endpoints.issuer,
            subject=_subject(token.claims.get("sub")),
            label=_label(token.claims.get("email") or token.claims.get("preferred_username")),
        )
