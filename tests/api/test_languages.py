"""Problems are said in the reader's language: the user's saved choice, else Accept-Language."""

from httpx import AsyncClient

from tests.factories.flows import MakeUser


async def test_accept_language_french_gives_french_titles(client: AsyncClient) -> None:
    r = await client.get("/v1/users/me", headers={"Accept-Language": "fr-FR, en;q=0.5"})

    assert r.status_code == 401
    assert (r.json()["title"], r.json()["code"]) == ("Non authentifié", "unauthorized")
    assert r.headers["content-language"] == "fr"
    assert "Accept-Language" in r.headers["vary"]


async def test_without_a_preference_english(client: AsyncClient) -> None:
    r = await client.get("/v1/users/me")

    assert (r.status_code, r.json()["title"], r.headers["content-language"]) == (
        401,
        "Unauthorized",
        "en",
    )


async def test_a_saved_language_wins_over_the_browsers(
    client: AsyncClient, make_user: MakeUser
) -> None:
    alice = await make_user("alice")
    r = await client.patch("/v1/users/me", json={"language": "fr"}, headers=alice.headers)
    assert (r.status_code, r.json()["language"]) == (200, "fr")

    english_browser = {**alice.headers, "Accept-Language": "en"}
    r = await client.get(
        "/v1/campaigns/00000000-0000-0000-0000-000000000000", headers=english_browser
    )
    assert (r.status_code, r.json()["title"], r.headers["content-language"]) == (
        404,
        "Introuvable",
        "fr",
    )

    r = await client.patch("/v1/users/me", json={"language": None}, headers=alice.headers)
    assert r.json()["language"] is None
    r = await client.get(
        "/v1/campaigns/00000000-0000-0000-0000-000000000000", headers=english_browser
    )
    assert r.json()["title"] == "Not found"


async def test_an_unknown_language_is_refused(client: AsyncClient, make_user: MakeUser) -> None:
    alice = await make_user("alice")

    r = await client.patch("/v1/users/me", json={"language": "de"}, headers=alice.headers)

    assert (r.status_code, r.json()["code"]) == (422, "validation_error")
    assert (await client.get("/v1/users/me", headers=alice.headers)).json()["language"] is None
