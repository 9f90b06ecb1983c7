"""The operator's providers (`MARCHLORDS_OIDC_PROVIDERS`): read from JSON or a TOML file, and a
configuration that cannot be trusted stops the start, naming what is wrong."""

import json
from pathlib import Path

import httpx
import pytest
from pydantic import ValidationError

from app.accounts.oidc.client import OidcClient, ProviderFailed
from app.accounts.oidc.providers import load_providers
from app.platform.config import Settings

GOOGLE = {
    "id": "google",
    "name": "Google",
    "issuer": "https://accounts.google.com",
    "client_id": "id",
    "client_secret": "secret",
}


def _settings(value: str, **extra: object) -> Settings:
    return Settings(oidc_providers=value, **extra)  # type: ignore[arg-type]


def test_providers_are_read_from_json_or_a_toml_file(tmp_path: Path) -> None:
    assert list(load_providers(_settings(json.dumps([GOOGLE])))) == ["google"]
    path = tmp_path / "providers.toml"
    path.write_text(
        '[[providers]]\nid = "discord"\nname = "Discord"\nkind = "discord"\n'
        'client_id = "1"\nclient_secret = "s"\n'
    )
    [discord] = load_providers(_settings(str(path))).values()
    assert discord.kind == "discord"
    assert discord.scopes == "identify"
    assert load_providers(Settings()) == {}


@pytest.mark.parametrize(
    "entry",
    [
        {**GOOGLE, "issuer": "http://accounts.example"},  # plain http
        {**GOOGLE, "issuer": None},  # no issuer
        {**GOOGLE, "id": "Bad Id"},
        {**GOOGLE, "kind": "discord"},  # Discord with an issuer
        {**GOOGLE, "token_endpoint": "https://accounts.google.com/token"},  # one endpoint of 3
        {**GOOGLE, "extra": 1},
    ],
)
def test_a_provider_that_cannot_be_trusted_stops_the_start(entry: dict[str, object]) -> None:
    with pytest.raises((ValueError, ValidationError)):
        load_providers(_settings(json.dumps([entry])))


def test_a_provider_configured_twice_stops_the_start() -> None:
    with pytest.raises(ValueError, match="twice"):
        load_providers(_settings(json.dumps([GOOGLE, GOOGLE])))


async def test_discord_says_who_signed_in_by_its_user_endpoint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[str] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(f"{request.method} {request.url}")
        if request.url.path == "/api/oauth2/token":
            assert b"code_verifier=verifier" in request.content
            return httpx.Response(200, json={"access_token": "at", "token_type": "Bearer"})
        assert request.headers["authorization"] == "Bearer at"
        return httpx.Response(200, json={"id": "80351110224678912", "username": "ne\u202eld"})

    real = httpx.AsyncClient
    monkeypatch.setattr(
        httpx,  # the client's module makes its clients from it
        "AsyncClient",
        lambda **kwargs: real(transport=httpx.MockTransport(answer), **kwargs),
    )
    settings = _settings(
        json.dumps(
            [
                {
                    "id": "discord",
                    "name": "Discord",
                    "kind": "discord",
                    "client_id": "1",
                    "client_secret": "s",
                }
            ]
        )
    )
    oidc = OidcClient(settings, load_providers(settings))
    discord = oidc.providers["discord"]
    endpoints = await oidc.endpoints(discord)
    url = oidc.authorization_url(
        discord,
        endpoints,
        redirect_uri="https://play.example/cb",
        state="st",
        nonce="n",
        code_verifier="verifier",
    )
    assert url.startswith("https://discord.com/oauth2/authorize?")
    assert "code_challenge_method=S256" in url
    claimed = await oidc.identify(
        discord,
        code="c",
        redirect_uri="https://play.example/cb",
        code_verifier="verifier",
        nonce="n",
    )
    assert (claimed.issuer, claimed.subject) == ("https://discord.com", "80351110224678912")
    assert claimed.label == "neld"  # no bidi override reaches a page
    assert seen == [
        "POST https://discord.com/api/oauth2/token",
        "GET https://discord.com/api/users/@me",
    ]


async def test_a_provider_that_does_not_answer_is_a_refusal_not_a_crash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def down(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused", request=request)

    real = httpx.AsyncClient
    monkeypatch.setattr(
        httpx,  # the client's module makes its clients from it
        "AsyncClient",
        lambda **kwargs: real(transport=httpx.MockTransport(down), **kwargs),
    )
    settings = _settings(json.dumps([GOOGLE]))
    oidc = OidcClient(settings, load_providers(settings))
    with pytest.raises(ProviderFailed) as failed:
        await oidc.endpoints(oidc.providers["google"])
    assert failed.value.code == "oidc_provider"
