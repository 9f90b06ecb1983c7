"""The errors a new player meets read as English and say what to do (RFC 9457 problems)."""

import json
import re
import uuid

from httpx import AsyncClient

from app.openapi import render_openapi
from tests.factories.flows import MakeUser, create_lobby, start_game
from tests.helpers import assert_problem


async def test_unknown_path_has_the_one_not_found_title(client: AsyncClient) -> None:
    body = assert_problem(await client.get("/v1/nowhere"), 404, "not_found")

    assert body["title"] == "Not found"
    assert body["detail"] != "Not Found"


async def test_405_allows_every_method_of_the_path(client: AsyncClient) -> None:
    # The path has two operations (POST and DELETE), each its own route.
    path = f"/v1/campaigns/{uuid.uuid4()}/armies/1/upgrade"

    response = await client.put(path)

    body = assert_problem(response, 405, "method_not_allowed")
    assert body["title"] == "Method not allowed"
    allowed = {m.strip() for m in response.headers["allow"].split(",")}
    assert allowed == {"POST", "DELETE"}
    assert "POST" in body["detail"]
    assert "DELETE" in body["detail"]


async def test_malformed_json_says_where_and_what(client: AsyncClient) -> None:
    response = await client.post(
        "/v1/users",
        content=b'{"username": "ann",\n "password" "x"}',
        headers={"Content-Type": "application/json"},
    )

    body = assert_problem(response, 422, "validation_error")
    assert body["detail"] == ("Malformed JSON body at line 2, column 13: Expecting ':' delimiter.")
    assert body["errors"] == [{"loc": ["body"], "msg": body["detail"], "type": "json_invalid"}]


async def test_json_without_content_type_gets_a_hint(client: AsyncClient) -> None:
    response = await client.post(
        "/v1/users", content=b'{"username": "ann", "password": "a long secret"}'
    )

    body = assert_problem(response, 422, "validation_error")
    assert "Content-Type: application/json" in body["detail"]


async def test_a_well_formed_json_error_gets_no_content_type_hint(client: AsyncClient) -> None:
    response = await client.post("/v1/users", json={"username": "ann"})

    body = assert_problem(response, 422, "validation_error")
    assert "Content-Type" not in body["detail"]


async def test_R_CAMP_2_wrong_invite_code_says_so_without_revealing_the_campaign(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner, stranger = await make_user(), await make_user()
    campaign = await create_lobby(client, owner)

    wrong = await client.post(
        f"/v1/campaigns/{campaign['id']}/players",
        json={"invite_code": "WRONG123"},
        headers=stranger.headers,
    )
    unknown = await client.post(
        f"/v1/campaigns/{uuid.uuid4()}/players",
        json={"invite_code": "WRONG123"},
        headers=stranger.headers,
    )

    wrong_body = assert_problem(wrong, 404, "not_found")
    unknown_body = assert_problem(unknown, 404, "not_found")
    assert "wrong invite code" in wrong_body["detail"]
    # The same answer whether or not the campaign exists: the code is the secret.
    assert wrong_body["detail"] == unknown_body["detail"]


async def test_R_CAMP_2_a_phase_refusal_reads_like_english(
    client: AsyncClient, make_user: MakeUser
) -> None:
    owner = await make_user()
    campaign = await create_lobby(client, owner)

    response = await client.get(f"/v1/campaigns/{campaign['id']}/map", headers=owner.headers)

    body = assert_problem(response, 409, "R-CAMP-2")
    assert body["detail"] == (
        "This can only be done while the campaign is active or finished; it is in the lobby."
    )
    assert body["help"] == "/rules#R-CAMP-2"


async def test_R_MOVE_1_a_rule_violation_links_the_rulebook(
    client: AsyncClient, make_user: MakeUser
) -> None:
    game = await start_game(client, make_user)
    alice = game.players[0]
    army = (await client.get(game.url("/armies"), headers=alice.user.headers)).json()["mine"][0]

    response = await client.put(
        game.url(f"/armies/{army['id']}/move"),
        json={"path": [[40, 40]]},
        headers=alice.user.headers,
    )

    body = assert_problem(response, 422, "R-MOVE-1")
    assert body["help"] == "/rules#R-MOVE-1"


async def test_a_problem_without_a_rule_has_no_help(client: AsyncClient) -> None:
    body = assert_problem(await client.get("/v1/users/me"), 401, "unauthorized")

    assert "help" not in body


async def test_a_json_login_is_told_the_token_endpoint_takes_a_form(client: AsyncClient) -> None:
    response = await client.post(
        "/v1/auth/token", json={"username": "ann", "password": "a long secret"}
    )

    body = assert_problem(response, 422, "validation_error")
    assert "form data (`application/x-www-form-urlencoded`)" in body["detail"]
    assert "Content-Type: application/json" not in body["detail"]


async def test_every_405_allows_exactly_the_documented_methods(client: AsyncClient) -> None:
    """For every path of the contract, a method it does not take answers 405 whose `Allow`
    lists exactly the operations of the templates that path matches."""
    schema = json.loads(render_openapi())
    templates = {
        re.compile("^" + re.sub(r"\{[a-z_]+\}", "[^/]+", t) + "$"): {m.upper() for m in ops}
        for t, ops in schema["paths"].items()
    }
    checked = 0
    for template in schema["paths"]:
        path = re.sub(r"\{[a-z_]+\}", "1", template.replace("{campaign_id}", str(uuid.uuid4())))
        expected = set().union(*(ms for rx, ms in templates.items() if rx.match(path)))
        if "{" not in template:  # a path spelled out is no other route's parameter
            expected = {m.upper() for m in schema["paths"][template]}
        wrong = next(m for m in ("PATCH", "PUT", "DELETE", "POST", "GET") if m not in expected)

        response = await client.request(wrong, path)

        assert response.status_code == 405, (template, wrong, response.text)
        allowed = {m.strip() for m in response.headers["allow"].split(",")}
        assert allowed == expected, template
        checked += 1
    assert checked > 50
