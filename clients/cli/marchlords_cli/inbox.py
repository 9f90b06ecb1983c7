"""Your inbox and your email (`marchlords inbox …`, `marchlords email …`), and a forgotten
password (`marchlords password-reset …`)."""

from typing import Annotated

import typer
from marchlords_client import Client
from marchlords_client.api.auth import auth_confirm_password_reset, auth_request_password_reset
from marchlords_client.api.notifications import (
    notifications_confirm_email_address,
    notifications_delete_email_address,
    notifications_get_email_address,
    notifications_list_account_notices,
    notifications_list_notifications,
    notifications_mark_all_notifications_read,
    notifications_mark_notification_read,
    notifications_set_email_address,
    notifications_undo_address_change,
    notifications_unsubscribe_email,
)
from marchlords_client.models import EmailAddressSet, PasswordResetConfirm, PasswordResetRequest

from marchlords_cli import config
from marchlords_cli.common import TIMEOUT, JsonOption, call, group, session, show

inbox = group("Your notifications, from every campaign: list them, mark them read.")
email = group("Your email address: set it (a confirmation link is sent), show it, forget it.")
reset = group("A forgotten password: ask for a reset link, then set a new password with it.")
ServerOption = Annotated[str, typer.Option(envvar="MARCHLORDS_SERVER", help="The API's base URL.")]
TokenArgument = Annotated[str, typer.Argument(help="The secret of the link you were sent.")]


@inbox.command("list")
def list_inbox(
    unread: Annotated[bool, typer.Option("--unread", help="Only the unread ones.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Your notifications, newest first, and how many are unread."""
    with session() as client:
        page = call(
            lambda: notifications_list_notifications.sync_detailed(
                client=client, unread_only=unread
            ),
            as_json,
        )
    show(
        page,
        as_json,
        lambda p: (
            [
                f"{n['id']}  {' ' if n['read'] else '•'} "
                f"{n['campaign']['name']}, turn {n['turn']}: {n['text']}"
                for n in p["items"]
            ]
            + [f"{p['unread']} unread"]
        ),
    )


@inbox.command("account")
def account_notices(as_json: JsonOption = False) -> None:
    """Your account's activity, newest first: every sign-in, new token and change of address
    (each also emailed to your confirmed address): look for one that was not you."""
    with session() as client:
        page = call(
            lambda: notifications_list_account_notices.sync_detailed(client=client), as_json
        )
    show(
        page,
        as_json,
        lambda p: (
            [f"{n['created_at']}  {n['kind']}: {n['text']}" for n in p["items"]]
            or ["no account activity"]
        ),
    )


@inbox.command("read")
def read(
    notification: Annotated[
        int | None, typer.Argument(help="The notification's id (none: all of them).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Mark one notification read, or all of them."""
    with session() as client:
        if notification is None:
            marked = call(
                lambda: notifications_mark_all_notifications_read.sync_detailed(client=client),
                as_json,
            )
            show(marked, as_json, lambda m: [f"{m['marked']} marked read"])
            return
        item = call(
            lambda: notifications_mark_notification_read.sync_detailed(notification, client=client),
            as_json,
        )
    show(item, as_json, lambda n: [f"{n['id']} read"])


@email.command("set")
def set_email(
    address: Annotated[str, typer.Argument(help="Your email address.")],
    current_password: Annotated[
        str,
        typer.Option(
            "--current-password",
            prompt=True,
            hide_input=True,
            help="Your current password: the server asks for it (asked if not given).",
        ),
    ],
    as_json: JsonOption = False,
) -> None:
    """Set your address: nothing but a confirmation link is sent to it until you confirm; the
    old confirmed address gets a link that undoes the change."""
    with session() as client:
        body = EmailAddressSet(address=address, current_password=current_password)
        found = call(
            lambda: notifications_set_email_address.sync_detailed(client=client, body=body),
            as_json,
        )
    show(found, as_json, lambda e: [f"{e['address']}: confirmation link sent"])


@email.command("show")
def show_email(as_json: JsonOption = False) -> None:
    """Your address and whether it is confirmed."""
    with session() as client:
        found = call(lambda: notifications_get_email_address.sync_detailed(client=client), as_json)
    show(
        found,
        as_json,
        lambda e: [f"{e['address']}: {_state(e)}"],
    )


def _state(address: dict[str, object]) -> str:
    if address["unsubscribed"]:
        return "unsubscribed"
    return "confirmed" if address["confirmed"] else "not confirmed"


@email.command("delete")
def delete_email(as_json: JsonOption = False) -> None:
    """Forget your address: no more email."""
    with session() as client:
        call(lambda: notifications_delete_email_address.sync_detailed(client=client), as_json)
    show(None, as_json, "email address forgotten")


def _anonymous(server: str) -> Client:
    return Client(server.rstrip("/"), timeout=TIMEOUT)


@email.command("confirm")
def confirm_email(
    token: TokenArgument, server: ServerOption = config.DEFAULT_SERVER, as_json: JsonOption = False
) -> None:
    """Confirm your address with its link's secret (no sign-in needed)."""
    with _anonymous(server) as client:
        call(
            lambda: notifications_confirm_email_address.sync_detailed(token, client=client), as_json
        )
    show(None, as_json, "email address confirmed")


@email.command("unsubscribe")
def unsubscribe(
    token: TokenArgument, server: ServerOption = config.DEFAULT_SERVER, as_json: JsonOption = False
) -> None:
    """Unsubscribe with a message's link secret (no sign-in needed)."""
    with _anonymous(server) as client:
        call(lambda: notifications_unsubscribe_email.sync_detailed(token, client=client), as_json)
    show(None, as_json, "unsubscribed: no more email")


@email.command("undo")
def undo_change(
    token: TokenArgument, server: ServerOption = config.DEFAULT_SERVER, as_json: JsonOption = False
) -> None:
    """Undo a change of your address with the link sent to the old one (no sign-in needed):
    the old address is back, every session and token is revoked, a reset link is sent."""
    with _anonymous(server) as client:
        call(lambda: notifications_undo_address_change.sync_detailed(token, client=client), as_json)
    show(None, as_json, "address change undone: set a new password from the link just sent")


@reset.command("request")
def request_reset(
    address: Annotated[str, typer.Argument(help="Your account's confirmed email address.")],
    server: ServerOption = config.DEFAULT_SERVER,
    as_json: JsonOption = False,
) -> None:
    """Ask for a reset link (the same answer whether or not the address is known)."""
    body = PasswordResetRequest(address=address)
    with _anonymous(server) as client:
        answer = call(
            lambda: auth_request_password_reset.sync_detailed(client=client, body=body), as_json
        )
    show(answer, as_json, lambda a: [a["detail"]])


@reset.command("confirm")
def confirm_reset(
    token: TokenArgument,
    new: Annotated[
        str,
        typer.Option(
            prompt=True, hide_input=True, confirmation_prompt=True, help="The new password."
        ),
    ],
    server: ServerOption = config.DEFAULT_SERVER,
    as_json: JsonOption = False,
) -> None:
    """Set a new password with the link's secret: every session of the account ends."""
    body = PasswordResetConfirm(token=token, new_password=new)
    with _anonymous(server) as client:
        call(lambda: auth_confirm_password_reset.sync_detailed(client=client, body=body), as_json)
    show(None, as_json, "password set: log in again")


def install(app: typer.Typer) -> None:
    app.add_typer(inbox, name="inbox")
    app.add_typer(email, name="email")
    app.add_typer(reset, name="password-reset")
