"""Your account: register, log in and out, password, API tokens, calendar feed, notifications."""

import uuid
from pathlib import Path
from typing import Annotated, Any

import httpx
import typer
from marchlords_client import AuthenticatedClient, Client
from marchlords_client.api.auth import auth_login, auth_logout
from marchlords_client.api.calendar import (
    calendar_create_calendar_feed,
    calendar_read_calendar_feed,
    calendar_revoke_calendar_feed,
)
from marchlords_client.api.notifications import (
    notifications_get_notification_preferences,
    notifications_set_notification_preferences,
)
from marchlords_client.api.reliability import reliability_read_my_reliability
from marchlords_client.api.tokens import (
    tokens_create_token,
    tokens_list_tokens,
    tokens_revoke_token,
)
from marchlords_client.api.users import (
    users_change_password,
    users_read_current_user,
    users_register_user,
    users_update_current_user,
)
from marchlords_client.models import (
    LoginForm,
    NotificationPreferences,
    PasswordChange,
    TokenCreate,
    TokenScope,
    UserCreate,
    UserUpdate,
    UserUpdateLanguageType0,
)

from marchlords_cli import config
from marchlords_cli.common import (
    EXIT_UNREACHABLE,
    EXIT_USAGE,
    TIMEOUT,
    JsonOption,
    call,
    counted,
    emit,
    fail,
    group,
    maybe,
    refused,
    session,
    show,
)

ServerOption = Annotated[str, typer.Option(envvar="MARCHLORDS_SERVER", help="The API's base URL.")]
PasswordOption = Annotated[
    str,
    typer.Option(prompt=True, hide_input=True, envvar="MARCHLORDS_PASSWORD", help="Your password."),
]


def register(
    username: Annotated[str, typer.Option(prompt=True, help="Your login name.")],
    password: PasswordOption,
    display_name: Annotated[
        str | None, typer.Option(help="The name others see (default: your username).")
    ] = None,
    server: ServerOption = config.DEFAULT_SERVER,
    as_json: JsonOption = False,
) -> None:
    """Create an account (then `marchlords login`)."""
    body = UserCreate(username=username, password=password, display_name=display_name or username)
    with Client(server.rstrip("/"), timeout=TIMEOUT) as anonymous:
        user = call(lambda: users_register_user.sync_detailed(client=anonymous, body=body), as_json)
    show(user, as_json, f"registered {user['username']} on {server}")


def login(
    username: Annotated[str, typer.Option(prompt=True, help="Your username.")],
    password: PasswordOption,
    server: ServerOption = config.DEFAULT_SERVER,
    as_json: JsonOption = False,
) -> None:
    """Log in and keep the token in your config directory (owner-only file)."""
    server = server.rstrip("/")
    with Client(server, timeout=TIMEOUT) as anonymous:
        token = call(
            lambda: auth_login.sync_detailed(
                client=anonymous, body=LoginForm(username=username, password=password)
            ),
            as_json,
        )
    path = config.save(config.Credentials(server, token["access_token"], username))
    if as_json:
        emit({"username": username, "server": server, "expires_at": token.get("expires_at")})
    else:
        shown = f"~/{path.relative_to(Path.home())}" if path.is_relative_to(Path.home()) else path
        typer.echo(f"logged in to {server} as {username} (token kept in {shown})")


def logout(as_json: JsonOption = False) -> None:
    """Revoke the token `login` saved, on the server it was saved for, and forget it.

    A `MARCHLORDS_TOKEN` in the environment is not the saved token: it is left valid (revoke it
    with `marchlords token revoke ID`), and said so. A saved token the server no longer knows
    (expired, revoked elsewhere) is forgotten all the same; when the server cannot be reached
    the file stays, so that a later `logout` can still revoke it.
    """
    login = config.saved()
    revoked = False
    if login is not None:
        with AuthenticatedClient(login.server, token=login.token, timeout=TIMEOUT) as client:
            try:
                response = auth_logout.sync_detailed(client=client)
            except httpx.HTTPError as error:  # the token may still be valid: keep it
                fail(EXIT_UNREACHABLE, f"cannot reach {login.server} to revoke the token: {error}")
        if response.status_code == 401:
            revoked = False  # already invalid: nothing left to revoke
        elif response.status_code >= 400:
            refused(response, as_json)
        else:
            revoked = True
        config.forget()
    environment = config.environment_token() is not None
    if as_json:
        emit(
            {"logged_out": login is not None, "revoked": revoked, "environment_token": environment}
        )
        return
    if login is None:
        typer.echo("was not logged in (no saved token)")
    elif revoked:
        typer.echo(f"logged out: the token saved for {login.username or login.server} is revoked")
    else:
        typer.echo("logged out: the saved token was no longer valid; forgotten")
    if environment:
        typer.echo(
            "note: MARCHLORDS_TOKEN is set and still valid (it is not the saved login): "
            "unset it, or revoke it with `marchlords token revoke ID`"
        )


def password(
    current: Annotated[
        str, typer.Option(prompt=True, hide_input=True, help="Your current password.")
    ],
    new: Annotated[
        str,
        typer.Option(
            prompt=True, hide_input=True, confirmation_prompt=True, help="The new password."
        ),
    ],
    as_json: JsonOption = False,
) -> None:
    """Change your password (your other sessions are logged out)."""
    body = PasswordChange(current_password=current, new_password=new)
    with session() as client:
        call(lambda: users_change_password.sync_detailed(client=client, body=body), as_json)
    show(None, as_json, "password changed")


def whoami(as_json: JsonOption = False) -> None:
    """Who the token you use belongs to."""
    with session() as client:
        user = call(lambda: users_read_current_user.sync_detailed(client=client), as_json)
    show(user, as_json, lambda u: [f"{u['username']} ({u.get('display_name', '')})"])


def language(
    choice: Annotated[
        str,
        typer.Argument(help="`en`, `fr`, or `auto` (each request's Accept-Language decides)."),
    ],
    as_json: JsonOption = False,
) -> None:
    """The language the server writes to you in: problems, summaries, notifications, emails."""
    if choice != "auto" and choice not in {item.value for item in UserUpdateLanguageType0}:
        fail(EXIT_USAGE, f"unknown language {choice!r}: en, fr or auto")
    body = UserUpdate(language=None if choice == "auto" else UserUpdateLanguageType0(choice))
    with session() as client:
        user = call(
            lambda: users_update_current_user.sync_detailed(client=client, body=body), as_json
        )
    show(user, as_json, lambda u: [f"language: {u.get('language') or 'auto'}"])


def reliability_lines(r: dict[str, Any]) -> list[str]:
    """A reliability profile (R-CAMP-14) as the CLI prints it: counts only."""
    t, b = r["turns"], r["battles"]
    return [
        f"turns: {t['on_time']} on time, {t['missed']} missed, {t['civil_disorder']} in civil "
        f"disorder, {t['excused']} excused ({counted(r['campaigns'], 'campaign')})",
        f"battles by their play-by date: {b['on_time']} on time, {b['late']} late",
    ]


def reliability(as_json: JsonOption = False) -> None:
    """How you have played: turns on time, missed, in civil disorder; battles by their date."""
    with session() as client:
        profile = call(
            lambda: reliability_read_my_reliability.sync_detailed(client=client), as_json
        )
    show(profile, as_json, reliability_lines)


# -- API tokens --------------------------------------------------------------------------------

tokens = group("Your API tokens (for scripts: `MARCHLORDS_TOKEN`).")


@tokens.command("list")
def list_tokens(as_json: JsonOption = False) -> None:
    """Your tokens: login sessions and named API tokens."""
    with session() as client:
        page = call(lambda: tokens_list_tokens.sync_detailed(client=client, limit=100), as_json)
    show(page, as_json)


@tokens.command("create")
def create_token(
    name: Annotated[str, typer.Argument(help="What it is for.")],
    days: Annotated[int | None, typer.Option(help="Lifetime in days (default: none).")] = None,
    scope: Annotated[
        TokenScope,
        typer.Option(
            help="`play`: everything a player does, never your address, password or tokens; "
            "`account`: those too (asks for your current password)."
        ),
    ] = TokenScope.PLAY,
    current_password: Annotated[
        str | None,
        typer.Option(
            "--current-password",
            help="Your current password, for `--scope account` (asked if not given).",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Create a named API token; it is shown this once."""
    if scope is TokenScope.ACCOUNT and current_password is None:
        current_password = typer.prompt("Current password", hide_input=True)
    body = TokenCreate(
        name=name,
        expires_in_days=maybe(days),
        scope=scope,
        current_password=maybe(current_password),
    )
    with session() as client:
        created = call(lambda: tokens_create_token.sync_detailed(client=client, body=body), as_json)
    show(created, as_json, lambda t: [f"token {t['id']} ({name}): {t['token']}"])


@tokens.command("revoke")
def revoke_token(
    token_id: Annotated[
        uuid.UUID, typer.Argument(help="The token's id (`marchlords token list`).")
    ],
    as_json: JsonOption = False,
) -> None:
    """Revoke a token: it stops working at once."""
    with session() as client:
        call(lambda: tokens_revoke_token.sync_detailed(token_id, client=client), as_json)
    show(None, as_json, f"token {token_id} revoked")


# -- calendar feed and notification preferences ------------------------------------------------

calendar = group("Your secret calendar feed (turn deadlines, battle dates).")


@calendar.command("show")
def read_feed(as_json: JsonOption = False) -> None:
    """Whether you have a feed, and since when."""
    with session() as client:
        show(
            call(lambda: calendar_read_calendar_feed.sync_detailed(client=client), as_json), as_json
        )


@calendar.command("create")
def create_feed(as_json: JsonOption = False) -> None:
    """Create the feed's secret URL (or rotate it: the previous one stops working)."""
    with session() as client:
        feed = call(lambda: calendar_create_calendar_feed.sync_detailed(client=client), as_json)
    show(feed, as_json, lambda f: [f"calendar feed: {f['url']}"])


@calendar.command("revoke")
def revoke_feed(as_json: JsonOption = False) -> None:
    """Revoke the feed: its URL answers 404 from now on."""
    with session() as client:
        call(lambda: calendar_revoke_calendar_feed.sync_detailed(client=client), as_json)
    show(None, as_json, "calendar feed revoked")


notifications = group("Your notification preferences (quiet hours, vacation).")


@notifications.command("show")
def read_preferences(as_json: JsonOption = False) -> None:
    """Your quiet hours, time zone and vacation switch."""
    with session() as client:
        found = call(
            lambda: notifications_get_notification_preferences.sync_detailed(client=client),
            as_json,
        )
    show(found, as_json)


@notifications.command("set")
def set_preferences(
    quiet_start: Annotated[str | None, typer.Option(help="Quiet hours begin, HH:MM.")] = None,
    quiet_end: Annotated[str | None, typer.Option(help="Quiet hours end, HH:MM.")] = None,
    time_zone: Annotated[
        str | None, typer.Option(help="IANA time zone, e.g. Europe/Paris.")
    ] = None,
    vacation: Annotated[bool | None, typer.Option(help="Hold every notification.")] = None,
    as_json: JsonOption = False,
) -> None:
    """Change some preferences (the others stay as they are)."""
    with session() as client:
        current: dict[str, Any] = call(
            lambda: notifications_get_notification_preferences.sync_detailed(client=client),
            as_json,
        )
        given = {
            "quiet_start": quiet_start,
            "quiet_end": quiet_end,
            "time_zone": time_zone,
            "vacation": vacation,
        }
        current.update({k: v for k, v in given.items() if v is not None})
        body = NotificationPreferences.from_dict(current)
        found = call(
            lambda: notifications_set_notification_preferences.sync_detailed(
                client=client, body=body
            ),
            as_json,
        )
    show(found, as_json)


def install(app: typer.Typer) -> None:
    for command in (register, login, logout, password, whoami, language, reliability):
        app.command()(command)
    app.add_typer(tokens, name="token")
    app.add_typer(calendar, name="calendar")
    app.add_typer(notifications, name="notifications")
