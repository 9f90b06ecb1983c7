"""Contract fuzzing: schemathesis drives every operation of the OpenAPI document against the
in-process app, as a player of a running campaign, and checks that no answer is a 5xx and that
every answer has a documented status, content type, headers and body schema.

Two passes: every operation alone (schemathesis' example, coverage and fuzzing phases, with
`MARCHLORDS_FUZZ_EXAMPLES` random examples each, `MARCHLORDS_FUZZ_ENGINE_EXAMPLES` for the map
uploads and generation that the engine judges beyond the schema), then stateful scenarios
chaining operations by the links schemathesis infers from the responses (a campaign id from
`GET /campaigns` used by the next call, a map id from `POST /maps/generate`, ...):
`MARCHLORDS_FUZZ_SCENARIOS` scenarios of up to `MARCHLORDS_FUZZ_STEPS` calls. The defaults keep
the whole run within about four minutes on a 2-core CI machine; raise them locally for a deeper
search. Hypothesis' health checks are on: a strategy that cannot produce enough valid data
fails the run.

The app runs in schemathesis' own event-loop thread (with its lifespan), so it cannot share the
rolled-back test connection: it commits into the test database, which is emptied afterwards.
Campaign-scoped operations get the real campaign's id, not only random UUIDs that would 404.

A third pass sends only data the contract says is valid (schemathesis' positive mode,
`MARCHLORDS_FUZZ_POSITIVE_EXAMPLES` each): the server may refuse it by a rule (an `R-…` code),
a state (409) or a missing resource (404), never as invalid input (422 `validation_error` or
`invalid_value`): where the server enforces a limit or a cross-field rule, the contract says so.
"""

import asyncio
import os
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine
from sqlalchemy.pool import NullPool

from app.main import create_app
from app.platform.config import Settings
from tests.conftest import truncate_all
from tests.factories.flows import registered_user, stored_builtin_map_id

Headers = dict[str, str]

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
# The live feed stays open by design; logout would revoke the fuzzing player's token for every
# later operation. Both have their own tests.
SKIPPED_PATHS = r"(/events|/auth/logout)$"
PASSWORD = "correct horse battery"
EXAMPLES = int(os.environ.get("MARCHLORDS_FUZZ_EXAMPLES", "30"))  # random examples per operation
ENGINE_EXAMPLES = int(os.environ.get("MARCHLORDS_FUZZ_ENGINE_EXAMPLES", "150"))  # maps in
SCENARIOS = int(os.environ.get("MARCHLORDS_FUZZ_SCENARIOS", "80"))  # stateful scenarios
STEPS = int(os.environ.get("MARCHLORDS_FUZZ_STEPS", "10"))  # calls per scenario, at most
POSITIVE_EXAMPLES = int(os.environ.get("MARCHLORDS_FUZZ_POSITIVE_EXAMPLES", "8"))
# The codes of a request refused as invalid input: never for data the contract calls valid.
INVALID_INPUT_CODES = frozenset({"validation_error", "invalid_value"})
# Fields whose rule OpenAPI cannot state, documented in their description instead: a time zone
# the server's database knows (a player's, a campaign's schedule's); an email address as
# `email-validator` accepts it; a browser's push keys (a point of the P-256 curve, 16 bytes of
# secret, each in base64url).
DOCUMENTED_ONLY = frozenset(
    {
        ("body", "time_zone"),
        ("body", "settings", "turn_schedule", "time_zone"),
        ("body", "address"),
        ("body", "keys", "p256dh"),
        ("body", "keys", "auth"),
    }
)


@dataclass(frozen=True)
class Target:
    client: asgi.ASGIClient
    campaign_id: str
    headers: Headers
    database_url: str
    app_settings: Settings

    def afresh(self) -> "Target":
        """The same app on emptied tables with a new started campaign (`_setup_campaign`)."""
        campaign_id, headers = _setup_campaign(self.client, self.database_url, self.app_settings)
        return replace(self, campaign_id=campaign_id, headers=headers)


async def _fresh_players(database_url: str, settings: Settings) -> tuple[list[Headers], str]:
    """Every table emptied, then the two players registered and logged in by the services (as
    the endpoints would), and the built-in skirmish map's id: the owner's and rival's headers."""
    await truncate_all(database_url)
    engine = create_async_engine(database_url, poolclass=NullPool)
    try:
        sessionmaker = async_sessionmaker(engine, expire_on_commit=False)
        players = [
            await registered_user(sessionmaker, settings, name, password=PASSWORD)
            for name in ("fuzzowner", "fuzzrival")
        ]
        async with sessionmaker() as session:
            map_id = await stored_builtin_map_id(session, "skirmish")
    finally:
        await engine.dispose()
    return [player.headers for player in players], str(map_id)


def _setup_campaign(
    client: asgi.ASGIClient, database_url: str, settings: Settings
) -> tuple[str, Headers]:
    """From emptied tables, two players in a started skirmish: the campaign id and the owner's
    headers. (Each stateful scenario starts so: a tenth of a second.)"""
    headers, map_id = asyncio.run(_fresh_players(database_url, settings))
    campaign = client.post(
        "/v1/campaigns",
        json={"name": "Fuzz", "map_id": map_id, "settings": {}},
        headers=headers[0],
    ).json()
    cid = campaign["id"]
    for slot, (player, faction) in enumerate(zip(headers, ("empire", "orcs_goblins"), strict=True)):
        joined = client.post(
            f"/v1/campaigns/{cid}/players",
            json={"invite_code": campaign["invite_code"] or "OWNER000"},
            headers=player,
        )
        assert joined.status_code == 201, joined.text
        chosen = client.patch(
            f"/v1/campaigns/{cid}/players/me",
            json={"faction": faction, "slot": slot},
            headers=player,
        )
        assert chosen.status_code == 200, chosen.text
    started = client.post(f"/v1/campaigns/{cid}/start", headers=headers[0])
    assert started.status_code == 200, started.text
    return cid, headers[0]


@pytest.fixture(scope="module")
def target(database_url: str, settings: Settings, fast_password_hashing: None) -> Iterator[Target]:
    """The app on the committing test database, with a started campaign."""
    app = create_app(settings)
    try:
        # Starlette types ASGI messages as MutableMapping, schemathesis as dict: the same thing.
        with asgi.get_client(app) as client:  # type: ignore[arg-type]
            campaign_id, headers = _setup_campaign(client, database_url, settings)
            yield Target(client, campaign_id, headers, database_url, settings)
    finally:
        asgi.shutdown_lifespans()
        asyncio.run(truncate_all(database_url))


# Each test function's cases may run on a pytest-xdist worker of their own, with a `target` of
# that worker's (its own database): tests/conftest.py groups them by function, not by module.
GROUP_BY_TEST_FUNCTION = True

# Loaded from the document at collection (without starting an app or a database): the contract
# is the same for every app, and the module-scoped `target` app answers the calls. (The lazy
# `schemathesis.pytest.from_fixture` loader fails on pytest 9.2: it sets `Function._nodeid`.)
# Unexpected methods (TRACE, ...) are left out: the router answers them all alike (405), and
# seven more requests per path would make the run much longer.
DOCUMENT = create_app(Settings(log_json=False)).openapi()


def _load(config: dict[str, Any]) -> schemathesis.BaseSchema:
    return schemathesis.openapi.from_dict(
        DOCUMENT, config=schemathesis.Config.from_dict(config)
    ).exclude(path_regex=SKIPPED_PATHS)


schema = _load({"phases": {"coverage": {"unexpected-methods": []}}})
# Map uploads and generation are judged by the engine beyond what the schema can say (a coast
# beside a missing tile, more players than the map has room for): cheap, so searched longer.
ENGINE_INPUT: dict[str, Any] = {"method": "POST", "path_regex": r"^/v1/maps(/generate)?$"}
# The coverage phase sends a boundary case for every number of a ruleset variant (about 300
# requests): through `PATCH /campaigns/{id}` only, not again through `POST /campaigns` (same
# schema), which keeps the run within its time. (Per-operation settings in the config would
# do it, but they make schemathesis 4.32 ignore `include` filters.)
CAMPAIGN_CREATION: dict[str, Any] = {"method": "POST", "path_regex": r"^/v1/campaigns$"}
without_coverage = _load({"phases": {"coverage": {"enabled": False}}})
# A whole campaign document (R-CAMP-9): its schema is deep, so the coverage phase would send
# thousands of boundary cases and Hypothesis takes long to draw one (and now and then draws one
# past its size limit); without coverage, with those health checks off for it alone, and a third
# of the examples (each is a large body).
CAMPAIGN_IMPORT: dict[str, Any] = {"method": "POST", "path_regex": r"^/v1/campaigns/import$"}


@schemathesis.check
def valid_data_is_not_refused_as_invalid(
    ctx: schemathesis.CheckContext, response: schemathesis.Response, case: schemathesis.Case[Any]
) -> bool | None:
    """A request the contract calls valid is never answered 422 invalid input."""
    if response.status_code != 422:
        return None
    problem = response.json()
    code = problem.get("code")
    fields = {tuple(error.get("loc", ())) for error in problem.get("errors", ())}
    if fields and fields <= DOCUMENTED_ONLY:
        return None
    if code in INVALID_INPUT_CODES:
        raise AssertionError(f"valid data refused as {code}: {response.text[:500]}")
    return None


def _call(case: schemathesis.Case[Any], target: Target, checks: list[Any] | None = None) -> None:
    path = case.path_parameters or {}
    if "campaign_id" in path:
        path["campaign_id"] = target.campaign_id
    case.call_and_validate(
        base_url=target.client.base_url,
        session=target.client,
        headers=target.headers,
        checks=checks or CHECKS,
    )


@schema.exclude(
    method="POST", path_regex=r"^/v1/(maps|maps/generate|campaigns|campaigns/import)$"
).parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True)
def test_every_operation_honours_its_contract(case: schemathesis.Case[Any], target: Target) -> None:
    _call(case, target)


@without_coverage.include(**CAMPAIGN_CREATION).parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True)
def test_campaign_creation_honours_its_contract(
    case: schemathesis.Case[Any], target: Target
) -> None:
    _call(case, target)


@without_coverage.include(**CAMPAIGN_IMPORT).parametrize()
@settings(
    max_examples=max(EXAMPLES // 3, 5),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
def test_campaign_import_honours_its_contract(case: schemathesis.Case[Any], target: Target) -> None:
    _call(case, target)


@schema.include(**ENGINE_INPUT).parametrize()
@settings(max_examples=ENGINE_EXAMPLES, deadline=None, derandomize=True)
def test_engine_judged_inputs_honour_their_contract(
    case: schemathesis.Case[Any], target: Target
) -> None:
    _call(case, target)


# Positive data only, every operation but the map uploads and generation (judged by the engine
# beyond the schema, like an import's whole document) and the ones that end the shared campaign
# or revoke the fuzzing player's token.
positive = (
    _load({"generation": {"mode": "positive"}, "phases": {"coverage": {"enabled": False}}})
    .exclude(**ENGINE_INPUT)
    .exclude(**CAMPAIGN_IMPORT)
    .exclude(method="POST", path_regex=r"/end$")
    .exclude(method="DELETE", path_regex=r"^/v1/tokens/")
)


@positive.parametrize()
@settings(max_examples=POSITIVE_EXAMPLES, deadline=None, derandomize=True)
def test_valid_data_meets_only_rule_refusals(case: schemathesis.Case[Any], target: Target) -> None:
    _call(case, target, [*CHECKS, valid_data_is_not_refused_as_invalid])


def test_linked_operations_honour_their_contract(target: Target) -> None:
    """Scenarios of calls chained by the links inferred from the schema, every answer checked.

    Each scenario starts from the same state: every table emptied, then a new started campaign
    (`Scenarios.setup`). On the state earlier scenarios had left, the same steps met other
    answers, hence other links to follow, and Hypothesis failed the run at random
    (`FlakyStrategyDefinition`: a scenario's generation changed when it ran again).
    """
    transport = {"session": target.client, "base_url": target.client.base_url}
    played = target  # the campaign of the running scenario, and its owner
    campaigns = {target.campaign_id}  # the started one, and lobbies the scenarios create

    # Ending the campaign or revoking a token would turn every later step into a 409 or a 401:
    # the per-operation test covers those two.
    linked = (
        schema.exclude(method="POST", path_regex=r"/end$")
        .exclude(method="DELETE", path_regex=r"^/v1/tokens/")
        .exclude(**CAMPAIGN_IMPORT)
    )

    class Scenarios(linked.as_state_machine()):  # type: ignore[misc]
        def setup(self) -> None:
            nonlocal played
            played = target.afresh()
            campaigns.clear()
            campaigns.add(played.campaign_id)

        def before_call(self, case: schemathesis.Case[Any]) -> None:
            # An id the scenario made up (or took from the wrong field) would only meet a 404:
            # campaign-scoped calls go to a campaign that exists, with the linked army, battle
            # or edict ids in it.
            path = case.path_parameters or {}
            if "campaign_id" in path and str(path["campaign_id"]) not in campaigns:
                path["campaign_id"] = played.campaign_id

        def after_call(self, response: schemathesis.Response, case: schemathesis.Case[Any]) -> None:
            if (
                case.method == "POST"
                and case.path == "/v1/campaigns"
                and response.status_code == 201
            ):
                campaigns.add(str(response.json()["id"]))

        def get_call_kwargs(self, case: schemathesis.Case[Any]) -> dict[str, Any]:
            return {**transport, "headers": played.headers}

        def validate_response(
            self,
            response: schemathesis.Response,
            case: schemathesis.Case[Any],
            additional_checks: Any = None,
            **kwargs: Any,
        ) -> None:
            case.validate_response(
                response, checks=CHECKS, headers=played.headers, transport_kwargs=kwargs
            )

    Scenarios.run(
        settings=settings(
            max_examples=SCENARIOS,
            stateful_step_count=STEPS,
            deadline=None,
            derandomize=True,
            phases=[Phase.generate],
        )
    )
