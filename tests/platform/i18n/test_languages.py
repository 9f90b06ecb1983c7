"""Problems are said in the reader's language: the user's saved choice, else Accept-Language."""

import uuid
from http import HTTPStatus

from httpx import AsyncClient, Response

from app.platform.errors import rule_help
from app.platform.errors.handlers import HTTP_TITLES
from tests.factories.flows import MakeUser, change_turn, create_lobby, start_game
from tests.helpers import assert_problem


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


async def test_a_refusal_in_french_says_its_detail_and_links_the_french_rulebook(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner = await make_user()
    campaign = await create_lobby(client, owner)
    french = {**owner.headers, "Accept-Language": "fr"}

    r = await client.get(f"/v1/campaigns/{campaign['id']}/map", headers=french)

    body = assert_problem(r, 409, "R-CAMP-2")
    # The phases are texts of their own: "or" and the phases are French too.
    assert body["detail"] == (
        "Cela n'est possible que lorsque la campagne est en cours ou terminée\u202f; "
        "elle est dans son salon."
    )
    assert body["help"] == "/rules/fr#R-CAMP-2"
    english = await client.get(f"/v1/campaigns/{campaign['id']}/map", headers=owner.headers)
    assert english.json()["help"] == "/rules#R-CAMP-2"


async def test_refused_orders_list_their_reasons_in_french(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    alice = game.players[0].user
    army = (await client.get(game.url("/armies"), headers=alice.headers)).json()["mine"][0]

    r = await client.put(
        game.url(f"/armies/{army['id']}/move"),
        json={"path": [[40, 40]]},
        headers={**alice.headers, "Accept-Language": "fr"},
    )

    body = assert_problem(r, 422, "R-MOVE-1")
    assert body["detail"] == "L'étape 1 n'est pas voisine de la case qui la précède."
    assert body["violations"] == [{"rule": "R-MOVE-1", "message": body["detail"]}]


async def test_the_handlers_own_texts_in_french(client: AsyncClient) -> None:
    french = {"Accept-Language": "fr"}

    r = await client.post("/v1/users", json={}, headers=french)
    body = assert_problem(r, 422, "validation_error")
    assert body["title"] == "Erreur de validation"
    assert body["detail"].startswith("Requête invalide\u00a0: body.")

    r = await client.post(
        "/v1/users",
        content=b'{"username": ',
        headers={**french, "Content-Type": "application/json"},
    )
    assert assert_problem(r, 422, "validation_error")["detail"].startswith(
        "Corps JSON mal formé à la ligne 1, colonne "
    )

    body = assert_problem(await client.get("/v1/nowhere", headers=french), 404, "not_found")
    assert (body["title"], body["detail"]) == (
        "Introuvable",
        "Rien ici\u00a0: vérifiez le chemin (chaque route figure dans le contrat OpenAPI).",
    )

    path = f"/v1/campaigns/{uuid.uuid4()}/armies/1/upgrade"
    body = assert_problem(await client.put(path, headers=french), 405, "method_not_allowed")
    assert body["title"] == "Méthode non autorisée"
    assert body["detail"].startswith("PUT n'est pas accepté à ce chemin\u202f; il accepte ")


def test_the_status_titles_are_the_english_phrases_they_replace() -> None:
    for status, title in HTTP_TITLES.items():
        phrase = HTTPStatus(status).phrase
        assert title == phrase[:1] + phrase[1:].lower()


def test_rule_help_names_the_rulebook_of_the_language() -> None:
    assert rule_help("R-MOVE-1") == "/rules#R-MOVE-1"
    assert rule_help("R-MOVE-1", "fr") == "/rules/fr#R-MOVE-1"
    assert rule_help("not_found", "fr") is None


async def test_the_faults_of_a_map_in_french(client: AsyncClient, make_user: MakeUser) -> None:
    alice = await make_user()
    terrains = ["plain", "city", "plain", "forest", "coast", "sea", "sea", "coast"]
    broken = {
        "name": "Tiny",
        "width": 4,
        "height": 2,
        "tiles": [{"q": i % 4, "r": i // 4, "terrain": t} for i, t in enumerate(terrains)],
        "slots": [{"q": 1, "r": 1}, {"q": 3, "r": 0}],  # the first at sea
    }
    french = {**alice.headers, "Accept-Language": "fr"}

    body = assert_problem(
        await client.post("/v1/maps", json=broken, headers=french), 422, "R-MAP-4"
    )

    assert body["detail"] == "La carte n'est pas valide."
    assert {"path": "slots[0]", "message": "un emplacement de départ doit être sur terre"} in body[
        "violations"
    ]


async def test_the_faults_of_a_ruleset_variant_in_french(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner = await make_user()
    maps = (await client.get("/v1/maps", headers=owner.headers)).json()["items"]
    variant = {
        "starting_gold": -1,
        "nonsense": 1,
        "tiers": {"9": {"upkeep": 1}},
        "factions": {"extra": {"name": "Extra", "income_bonuses": "many"}},
        "max_players": 99,
    }
    body = {"name": "Bad", "map_id": maps[0]["id"], "ruleset": variant}

    def said(r: Response) -> dict[str, str]:
        problem = assert_problem(r, 422, "R-HOUSE-2")
        return {v["path"]: v["message"] for v in problem["violations"]} | {"": problem["detail"]}

    french = {**owner.headers, "Accept-Language": "fr"}
    in_french = said(await client.post("/v1/campaigns", json=body, headers=french))
    in_english = said(await client.post("/v1/campaigns", json=body, headers=owner.headers))

    assert in_english == {
        "": "The ruleset variant is not valid.",
        "factions[17].income_bonuses": "expected a list",
        "max_players": "exceeds the number of factions",
        "nonsense": "unknown key",
        "starting_gold": "must be 0 to 1000000",
        "tiers.9": "no such tier: 1 to 6 (send the whole list to add)",
    }
    assert in_french == {
        "": "La variante des règles n'est pas valide.",
        "factions[17].income_bonuses": "liste attendue",
        "max_players": "dépasse le nombre de factions",
        "nonsense": "clé inconnue",
        "starting_gold": "doit aller de 0 à 1000000",
        "tiers.9": (
            "ce palier n'existe pas\u00a0: de 1 à 6 (envoyez la liste entière pour en ajouter)"
        ),
    }


async def test_validation_messages_in_french(client: AsyncClient) -> None:
    body = {"username": "x", "password": 5, "nonsense": True}

    english = assert_problem(await client.post("/v1/users", json=body), 422, "validation_error")
    r = await client.post("/v1/users", json=body, headers={"Accept-Language": "fr"})
    french = assert_problem(r, 422, "validation_error")

    assert {e["loc"][1]: e["msg"] for e in french["errors"]} == {
        "username": "La chaîne doit compter au moins 3 caractères",
        "password": "La valeur doit être une chaîne valide",
        "display_name": "Champ requis",
        "nonsense": "Les champs supplémentaires ne sont pas permis",
    }
    # The same errors, in English as pydantic says them.
    assert {e["loc"][1]: e["msg"] for e in english["errors"]} == {
        "username": "String should have at least 3 characters",
        "password": "Input should be a valid string",
        "display_name": "Field required",
        "nonsense": "Extra inputs are not permitted",
    }


async def test_the_gold_lines_of_a_summary_in_french(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    await change_turn(client, game)
    url, alice = game.url("/turns/1/summary"), game.players[0].headers

    def reasons(r: Response) -> list[str]:
        assert r.status_code == 200, r.text
        return [e["data"]["reason"] for e in r.json()["events"] if e["kind"] == "gold"]

    french = reasons(await client.get(url, headers={**alice, "Accept-Language": "fr"}))
    english = reasons(await client.get(url, headers=alice))

    assert english == ["city level 1 ×1", "upkeep: tier 1 army ×1"]
    assert french == ["ville de niveau 1 ×1", "entretien\u00a0: armée de palier 1 ×1"]
