"""Every error is an RFC 9457 problem; every response carries a request id."""

import pytest
from fastapi import FastAPI
from httpx import ASGITransport, AsyncClient

from app.platform.errors import Conflict, Forbidden, NotFound, RuleViolation
from tests.helpers import assert_problem


async def test_unknown_route_is_404(client: AsyncClient) -> None:
    response = await client.get("/v1/nowhere")

    body = assert_problem(response, 404, "not_found")
    assert body["instance"] == "/v1/nowhere"


async def test_wrong_method_is_405_with_allow_header(client: AsyncClient) -> None:
    response = await client.put("/v1/users/me")

    assert_problem(response, 405, "method_not_allowed")
    assert "GET" in response.headers["allow"]


async def test_malformed_json_is_422(client: AsyncClient) -> None:
    response = await client.post(
        "/v1/users", content=b"{not json", headers={"Content-Type": "application/json"}
    )

    assert_problem(response, 422, "validation_error")


async def test_unexpected_exception_is_a_bare_500(
    app: FastAPI, caplog: pytest.LogCaptureFixture
) -> None:
    async def explode() -> None:
        raise RuntimeError("secret internal detail")

    app.add_api_route("/boom", explode)
    transport = ASGITransport(app=app, raise_app_exceptions=False)
    async with AsyncClient(transport=transport, base_url="http://test") as client:
        response = await client.get("/boom", headers={"X-Request-ID": "req-500"})

    body = assert_problem(response, 500, "internal_error")
    assert "secret" not in response.text
    assert "Traceback" not in response.text
    assert body["instance"] == "/boom"
    assert response.headers["x-request-id"] == "req-500"
    assert any(
        r.exc_info and "secret internal detail" in str(r.exc_info[1]) for r in caplog.records
    )


@pytest.mark.parametrize(
    ("error", "status", "code"),
    [
        (NotFound("No such campaign."), 404, "not_found"),
        (Forbidden("Only the owner may do that."), 403, "forbidden"),
        (Conflict("Already started."), 409, "conflict"),
        (RuleViolation("R-BUILD-5", "One build per tile per turn."), 422, "R-BUILD-5"),
        (RuleViolation("R-TURN-2", "Turn already resolved.", status=409), 409, "R-TURN-2"),
    ],
)
async def test_app_errors_render_as_problems(
    app: FastAPI, client: AsyncClient, error: Exception, status: int, code: str
) -> None:
    async def fail() -> None:
        raise error

    app.add_api_route("/fail", fail)

    body = assert_problem(await client.get("/fail"), status, code)
    assert body["detail"] == str(error)


async def test_rule_violation_lists_violations(app: FastAPI, client: AsyncClient) -> None:
    async def fail() -> None:
        raise RuleViolation(
            "R-BUILD-5",
            "Build rejected.",
            violations=[{"rule": "R-BUILD-5", "message": "One build per tile per turn."}],
        )

    app.add_api_route("/fail", fail)

    body = assert_problem(await client.get("/fail"), 422, "R-BUILD-5")
    assert body["violations"] == [{"rule": "R-BUILD-5", "message": "One build per tile per turn."}]


async def test_request_id_is_echoed(client: AsyncClient) -> None:
    response = await client.get("/healthz", headers={"X-Request-ID": "abc-123"})

    assert response.headers["x-request-id"] == "abc-123"


async def test_request_id_is_generated_when_missing_or_unsafe(client: AsyncClient) -> None:
    plain = await client.get("/healthz")
    unsafe = await client.get("/healthz", headers={"X-Request-ID": "bad id\twith spaces"})

    assert len(plain.headers["x-request-id"]) == 32
    assert unsafe.headers["x-request-id"] != "bad id\twith spaces"
    assert plain.headers["x-request-id"] != unsafe.headers["x-request-id"]


async def test_request_id_is_in_log_lines(
    client: AsyncClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("INFO")

    await client.get("/healthz", headers={"X-Request-ID": "trace-me"})

    access = [r for r in caplog.records if r.name == "app.access"]
    assert access
    assert getattr(access[-1], "request_id", None) == "trace-me"


async def test_a_path_a_route_spells_out_is_not_another_routes_parameter(
    client: AsyncClient,
) -> None:
    """`/v1/campaigns/import` is not a `{campaign_id}`, `/v1/maps/generate` not a `{map_id}`:
    another method there is a 405 naming that path's methods alone."""
    patched = await client.patch("/v1/campaigns/import", json={})
    assert_problem(patched, 405, "method_not_allowed")
    assert patched.headers["allow"] == "POST"
    for method in ("OPTIONS", "GET", "DELETE"):
        answer = await client.request(method, "/v1/maps/generate")
        assert_problem(answer, 405, "method_not_allowed")
        assert answer.headers["allow"] == "POST", method
    # A parameter still takes what no route spells out (an unknown id: 422 or 404 as before).
    assert (await client.patch("/v1/campaigns/not-a-uuid", json={})).status_code in (401, 422)
