"""Application factory: `create_app()` wires lifespan, middleware, errors and routers."""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute

from app.accounts.auth.router import router as auth_router
from app.accounts.auth.service import on_token_issued
from app.accounts.moderation.router import router as moderation_router
from app.accounts.oidc.client import OidcClient
from app.accounts.oidc.providers import load_providers
from app.accounts.oidc.router import identities_router
from app.accounts.oidc.router import router as oidc_router
from app.accounts.tokens.router import router as tokens_router
from app.accounts.users.router import router as users_router
from app.channels.calendar.router import router as calendar_router
from app.channels.discord.router import router as discord_router
from app.channels.notifications import account as account_notices
from app.channels.notifications import outbox as notification_outbox
from app.channels.notifications.contract import document_webhooks
from app.channels.notifications.email_router import address_router as email_address_router
from app.channels.notifications.email_router import links_router as email_links_router
from app.channels.notifications.push_router import key_router as push_key_router
from app.channels.notifications.push_router import (
    subscriptions_router as push_subscriptions_router,
)
from app.channels.notifications.router import inbox_router as notification_inbox_router
from app.channels.notifications.router import preferences_router as notification_preferences_router
from app.channels.notifications.router import router as notifications_router
from app.channels.notifications.worker import run_notifier
from app.channels.password_reset.router import router as password_reset_router
from app.channels.stream.hub import EventHub
from app.channels.stream.response import HandsOffEventStreams
from app.channels.stream.router import router as stream_router
from app.platform.answering import AnsweringMiddleware
from app.platform.config import Settings, get_settings
from app.platform.db.embedded import asyncpg_dsn, database_url_async
from app.platform.db.session import create_engine, create_sessionmaker
from app.platform.errors import install_error_handlers, problem_schemas
from app.platform.errors.handlers import LITERAL_PATHS
from app.platform.heap import tune_collector
from app.platform.log import configure_logging
from app.platform.metrics import process_exiting, watch_pool
from app.platform.metrics.router import router as metrics_router
from app.play.battles.router import router as battles_router
from app.play.bots.router import router as bots_router
from app.play.campaigns.router import router as campaigns_router
from app.play.campaigns.ruleset_schema import variant_json_schema
from app.play.deadlines.alarm import Alarm
from app.play.deadlines.router import battles_router as deadline_battles_router
from app.play.deadlines.router import router as deadlines_router
from app.play.deadlines.router import turn_router as deadline_turn_router
from app.play.deadlines.service import run_sweeper
from app.play.diplomacy.router import router as diplomacy_router
from app.play.history.router import router as history_router
from app.play.house_rules.router import router as house_rules_router
from app.play.lobbies.router import mine as lobby_requests_router
from app.play.lobbies.router import owner as lobby_owner_router
from app.play.lobbies.router import router as lobbies_router
from app.play.maps.router import router as maps_router
from app.play.maps.router import rulesets_router
from app.play.me.router import router as me_router
from app.play.messages.router import router as messages_router
from app.play.moderation.router import operator_router
from app.play.moderation.router import router as reports_router
from app.play.orders.router import router as orders_router
from app.play.packs.router import router as packs_router
from app.play.pictures import cache as picture_cache
from app.play.pictures.rendering import renderer as replay_renderer
from app.play.pictures.router import router as pictures_router
from app.play.reliability.router import router as reliability_router
from app.play.rosters.router import router as rosters_router
from app.play.seat_blocks.router import router as seat_blocks_router
from app.play.seats.router import offers_router as seat_offers_router
from app.play.seats.router import router as seats_router
from app.play.spectators.router import router as spectators_router
from app.play.transfer.admission import ImportAdmission, ImportAdmissionMiddleware
from app.play.transfer.router import router as transfer_router
from app.play.turns.router import router as turns_router
from app.play.world.router import router as world_router
from app.shell.contract import finish as finish_contract
from app.shell.limits import guard_routes, install_limits
from app.shell.middleware import RequestContextMiddleware
from app.shell.ops.router import router as ops_router
from app.shell.routing import LiteralPathMiddleware, include_indexed, literal_path_methods
from app.shell.rule_refs import add_rule_lines
from app.shell.tracing import setup_tracing, stop_tracing, trace_engine
from app.shell.web import install_web
from app.shell.web.client import install_web_client
from app.shell.web.docs import install_docs
from app.shell.web.rulebook import install_rulebook
from app.store.events.schemas import event_components

API_VERSION = "0.1.0"


class MarchlordsAPI(HandsOffEventStreams, FastAPI):
    """FastAPI, its event streams' bodies streamed from its top, above its whole middleware
    stack, once the request through it has returned (app/channels/stream/response.py)."""


# Every versioned resource router is listed here, in OpenAPI display order. A new domain
# package adds its `router = APIRouter(prefix="/campaigns", tags=["campaigns"], ...)` here.
V1_ROUTERS: tuple[APIRouter, ...] = (
    users_router,
    identities_router,
    auth_router,
    oidc_router,
    password_reset_router,
    tokens_router,
    rulesets_router,
    maps_router,
    campaigns_router,
    orders_router,
    turns_router,
    world_router,
    pictures_router,
    battles_router,
    packs_router,
    diplomacy_router,
    me_router,
    history_router,
    messages_router,
    house_rules_router,
    deadlines_router,
    deadline_turn_router,
    deadline_battles_router,
    stream_router,
    transfer_router,
    notifications_router,
    notification_preferences_router,
    notification_inbox_router,
    email_address_router,
    email_links_router,
    push_key_router,
    push_subscriptions_router,
    calendar_router,
    discord_router,
    seats_router,
    seat_offers_router,
    bots_router,
    rosters_router,
    lobbies_router,
    lobby_requests_router,
    lobby_owner_router,
    spectators_router,
    reliability_router,
    moderation_router,
    reports_router,
    seat_blocks_router,
    operator_router,
)


def operation_id(route: APIRoute) -> str:
    """`tag-function-name` ids (e.g. `users-register-user`) for readable generated clients."""
    name = route.name.replace("_", "-")
    return f"{route.tags[0]}-{name}" if route.tags else name


def _summaries_from_docstrings(router: APIRouter) -> None:
    # FastAPI derives the summary from the function name ("Register User") and puts the
    # docstring in the description; the one-line docstring makes the better summary.
    for route in router.routes:
        if isinstance(route, APIRoute) and route.summary is None and route.description:
            route.summary = route.description.partition("\n")[0].strip()
        nested = getattr(route, "original_router", None)  # routers included into this one
        if isinstance(nested, APIRouter):
            _summaries_from_docstrings(nested)


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Open the database (embedded if `DATABASE_URL` is unset) for the app's lifetime."""
    settings: Settings = app.state.settings
    async with database_url_async(settings) as url:
        engine = create_engine(
            url,
            pool_size=settings.db_pool_size,
            max_overflow=settings.db_max_overflow,
            connect_args={"timeout": settings.db_connect_timeout_seconds},
        )
        app.state.engine = engine
        trace_engine(app, engine)  # statement spans, when OTEL_* switched tracing on
        watch_pool(engine, settings.db_pool_size)
        app.state.sessionmaker = create_sessionmaker(engine)
        # One LISTEN connection per process feeds every SSE stream it serves; it may go
        # elsewhere than the requests' pool (MARCHLORDS_LISTEN_DATABASE_URL: not via PgBouncer).
        app.state.event_hub = hub = EventHub(asyncpg_dsn(settings.listen_database_url or url))
        await hub.start()
        # Deadlines (R-TURN-3): inline (or `auto` outside scripts/serve), every process sweeps;
        # each campaign is locked and checked again (`claim_due`), so they never clash. With
        # `deadline_sweeper=process`, one process of its own sweeps (app/sweeper.py) and the
        # web processes only serve.
        sweeper = asyncio.create_task(
            asyncio.sleep(0) if settings.deadline_sweeper == "process" else inline_sweeper(app)
        )
        # Webhook reminders and deliveries (app/channels/notifications): claimed per campaign,
        # like the sweeper.
        notifier = asyncio.create_task(run_notifier(app.state.sessionmaker, settings))
        tune_collector()
        try:
            yield
        finally:
            sweeper.cancel()
            notifier.cancel()
            with suppress(asyncio.CancelledError):
                await sweeper
            with suppress(asyncio.CancelledError):
                await notifier
            await hub.stop()
            # The replay workers, if a replay started them: joined off the loop, which goes on.
            await asyncio.to_thread(replay_renderer.shutdown)
            await engine.dispose()
            await stop_tracing(app)  # the last spans, when tracing is on
            process_exiting()


async def inline_sweeper(app: FastAPI) -> None:
    """The deadline sweeper on this process's event loop, woken by its event listener."""
    settings: Settings = app.state.settings
    alarm = Alarm(app.state.sessionmaker)
    app.state.event_hub.watch(alarm.wake)
    await run_sweeper(
        app.state.sessionmaker, concurrency=settings.deadline_sweep_concurrency, alarm=alarm
    )


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the ASGI application (uvicorn: `app.main:create_app --factory`)."""
    settings = settings or get_settings()
    configure_logging(settings.log_level, json_lines=settings.log_json)

    app = MarchlordsAPI(
        title="Marchlords API",
        version=API_VERSION,
        summary="Multiplayer hex-map wargame campaigns.",
        lifespan=lifespan,
        generate_unique_id_function=operation_id,
        # No "valid" badge fetched from validator.swagger.io (which would be sent the page's
        # address): the docs load nothing beyond what their Content-Security-Policy allows.
        swagger_ui_parameters={"validatorUrl": None},
        # The docs pages with their own files, no CDN (app/shell/web/docs.py).
        docs_url=None,
        redoc_url=None,
    )
    app.state.settings = settings
    # The sign-in providers, read now: a configuration that cannot be read stops the start.
    app.state.oidc = OidcClient(settings, load_providers(settings))
    # Published events reach their listeners through subscriptions, not imports (app.store.events is
    # a leaf); here, not in the lifespan, so an app whose lifespan is not run hears them too.
    notification_outbox.listen()
    on_token_issued(account_notices.on_token_issued)  # every sign-in and token: a notice
    picture_cache.pictures.resize(settings.picture_cache_bytes)  # one per process
    replay_renderer.configure(settings.replay_workers)  # started at the first cold replay
    # `/v1/campaigns/import` is never a `{campaign_id}`: innermost, before routing
    # (app/shell/routing.py).
    literal_paths = literal_path_methods([*(("/v1", r) for r in V1_ROUTERS), ("", ops_router)])
    setattr(app.state, LITERAL_PATHS, literal_paths)
    app.add_middleware(LiteralPathMiddleware, paths=literal_paths)
    install_limits(app, settings)  # before the request-id middleware, which wraps it
    # Imports are admitted before their bodies are read (app/play/transfer/admission.py).
    app.state.imports = ImportAdmission(settings.imports_at_once)
    app.add_middleware(ImportAdmissionMiddleware, admission=app.state.imports)
    app.add_middleware(RequestContextMiddleware)
    # Counts the requests being answered: the deadline sweeper gives way to them.
    app.add_middleware(AnsweringMiddleware)
    install_web(app, settings)  # CORS, security headers, metrics: outermost (app.shell.web)
    install_error_handlers(app)
    setup_tracing(app)  # only if the OTEL_* variables ask for it (app/shell/tracing.py)

    for router in (*V1_ROUTERS, ops_router):
        _summaries_from_docstrings(router)
    for router in V1_ROUTERS:
        guard_routes(router)  # rate limits and Idempotency-Key on writes
        # Each straight into the app, not through a `/v1` router of their own: every level of
        # included routers is matched again for each request (FastAPI 0.165).
        include_indexed(app, router, prefix="/v1")
    include_indexed(app, ops_router)
    install_docs(app)
    install_rulebook(app)  # /rules, /rules/fr: where problems' `help` links point
    app.include_router(metrics_router)
    document_webhooks(app)  # the payloads webhooks receive (OpenAPI `webhooks`)
    install_web_client(app, settings)  # `/`: the built web client, last (a catch-all)

    def openapi() -> dict[str, Any]:
        # The problem schemas are referenced by $ref from PROBLEM_RESPONSES, and the ruleset
        # variant's from app/play/campaigns/schemas.py, so they have to be added to the components
        # by hand (FastAPI only collects models it serializes itself).
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title,
                version=app.version,
                summary=app.summary,
                routes=app.routes,
                webhooks=app.webhooks.routes,
            )
            components = schema.setdefault("components", {}).setdefault("schemas", {})
            components.update(problem_schemas())
            components["RulesetVariant"] = variant_json_schema()  # $ref'd by campaigns' schemas
            # Events by kind: summaries, the stream's items, live events
            # (app/store/events/schemas.py).
            components.update(event_components())
            for operations in schema.get("paths", {}).values():
                for operation in operations.values():
                    # A one-line docstring became the summary; repeating it says nothing.
                    if operation.get("description") == operation.get("summary"):
                        operation.pop("description", None)
            finish_contract(schema, app.routes)  # tags, notes, servers (app/shell/contract.py)
            add_rule_lines(schema)  # last: each description ends with its rules
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    return app
