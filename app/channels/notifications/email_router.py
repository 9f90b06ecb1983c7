"""A user's email address (confirmed by a link) and the links every message carries:
confirmation and RFC 8058 one-click unsubscribe, which work without signing in."""

import html
import re
from datetime import datetime
from typing import Annotated, Self

from fastapi import APIRouter, Path, Response, status
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field, field_validator

from app.accounts.auth.dependencies import AccountAuth, CurrentUser, require_password
from app.channels.notifications import account, email
from app.channels.notifications.mail import BadAddress, normalise_address
from app.platform.db.session import SessionDep
from app.platform.dependencies import SettingsDep
from app.platform.errors import PROBLEM_RESPONSES
from app.platform.i18n import _
from app.store.models.email import UserEmail

address_router = APIRouter(
    prefix="/users/me/email", tags=["notifications"], responses=PROBLEM_RESPONSES
)
links_router = APIRouter(prefix="/email", tags=["notifications"], responses=PROBLEM_RESPONSES)

# The contract's `pattern`: a loose first test (no spaces, no line breaks, something at a
# domain with a dot; the characters Python counts as spaces and JavaScript's `\s` does not are
# named). The real one is `email-validator`'s (app.channels.notifications.mail.normalise_address):
# one address, no comment, no list, no display name, no quoted local part.
_NOT_IN_ADDRESS = r"[^@\s\u001c-\u001f\u0085]+"
ADDRESS_PATTERN = rf"^{_NOT_IN_ADDRESS}@{_NOT_IN_ADDRESS}\.{_NOT_IN_ADDRESS}$"
_ADDRESS = re.compile(ADDRESS_PATTERN)

LinkToken = Annotated[
    str,
    Path(
        min_length=16,
        max_length=128,
        pattern=r"^[A-Za-z0-9_\-]+$",
        description="The secret of the link.",
    ),
]


class EmailAddressSet(BaseModel):
    model_config = ConfigDict(extra="forbid")

    address: str = Field(
        min_length=3,
        max_length=254,
        examples=["player@example.org"],
        description="Exactly one plain address, as `email-validator` accepts it (the `pattern` "
        "is a first test): a dot-atom local part, `@`, a domain name whose last label is not "
        "all digits nor a special-use name (`test`, `local`, `localhost`, `invalid`, `onion`, "
        "`arpa`); no comment, list, display name, quoted part or domain literal (422). Stored "
        "and sent to normalised (the domain in lower case).",
        json_schema_extra={"pattern": ADDRESS_PATTERN},
    )

    @field_validator("address")
    @classmethod
    def _one_address(cls, value: str) -> str:
        """Exactly one address, stored (and sent to) as `email-validator` normalises it."""
        if not _ADDRESS.match(value):
            raise ValueError(_("not an email address"))
        try:
            return normalise_address(value)
        except BadAddress:
            raise ValueError(_("not an email address")) from None

    current_password: str | None = Field(
        default=None,
        min_length=1,
        max_length=128,
        description="Your current password: needed unless this request's session signed in "
        "within the last few minutes.",
        json_schema_extra={"format": "password"},
    )


class EmailAddressRead(BaseModel):
    address: str
    confirmed: bool = Field(description="Nothing but the confirmation is sent until it is.")
    confirmed_at: datetime | None
    unsubscribed: bool = Field(
        description="Unsubscribed by a message's link (whichever account it was sent for): no "
        "notification goes to it, even set again, until it is confirmed from the mailbox."
    )

    @classmethod
    def of(cls, row: UserEmail) -> Self:
        return cls(
            address=row.address,
            confirmed=row.confirmed_at is not None,
            confirmed_at=row.confirmed_at,
            unsubscribed=row.unsubscribed_at is not None,
        )


def _page(title: str, body: str) -> HTMLResponse:
    return HTMLResponse(
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"</head><body><h1>{html.escape(title)}</h1>{body}</body></html>"
    )


def _form(action: str, question: str, button: str) -> str:
    # A page, not the act: link scanners and prefetchers GET links, people press the button.
    return (
        f"<p>{html.escape(question)}</p><form method='post' action='{html.escape(action)}'>"
        "<input type='hidden' name='List-Unsubscribe' value='One-Click'>"
        f"<button type='submit'>{html.escape(button)}</button></form>"
    )


@address_router.put("", status_code=status.HTTP_202_ACCEPTED)
async def set_email_address(
    data: EmailAddressSet, session: SessionDep, auth: AccountAuth, settings: SettingsDep
) -> EmailAddressRead:
    """Set my email address, given my current password (or signed in within the last few
    minutes): a confirmation link is sent to it, and nothing else until then; the old
    confirmed address gets a link that undoes the change."""
    await require_password(auth, data.current_password)
    # Before the row changes: the old confirmed address is read (what refuses rolls it back).
    await account.address_changing(session, auth.user, data.address)
    return EmailAddressRead.of(await email.set_address(session, auth.user, data.address, settings))


@address_router.get("")
async def get_email_address(session: SessionDep, user: CurrentUser) -> EmailAddressRead:
    """My email address and whether it is confirmed."""
    return EmailAddressRead.of(await email.read_address(session, user))


@address_router.delete("", status_code=status.HTTP_204_NO_CONTENT)
async def delete_email_address(session: SessionDep, auth: AccountAuth) -> Response:
    """Forget my email address: no more email (from a session or an `account` token)."""
    await email.delete_address(session, auth.user)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@links_router.get("/confirm/{token}", response_class=HTMLResponse)
async def email_confirmation_page(token: LinkToken) -> HTMLResponse:
    """The confirmation link's page: a button that confirms (POST to the same address)."""
    return _page(
        "Confirm your address",
        _form(f"/v1/email/confirm/{token}", "Receive Marchlords notifications here?", "Confirm"),
    )


@links_router.post("/confirm/{token}", response_class=HTMLResponse)
async def confirm_email_address(token: LinkToken, session: SessionDep) -> HTMLResponse:
    """Confirm an address (single use, within 24 hours); no sign-in needed."""
    row = await email.confirm(session, token)
    return _page("Address confirmed", f"<p>{html.escape(row.address)} will hear of your games.</p>")


@links_router.get("/unsubscribe/{token}", response_class=HTMLResponse)
async def email_unsubscribe_page(token: LinkToken) -> HTMLResponse:
    """The unsubscribe link's page: a button that unsubscribes (POST to the same address)."""
    return _page(
        "Unsubscribe",
        _form(
            f"/v1/email/unsubscribe/{token}",
            "Stop Marchlords emails to this address?",
            "Unsubscribe",
        ),
    )


@links_router.post("/unsubscribe/{token}", response_class=HTMLResponse)
async def unsubscribe_email(token: LinkToken, session: SessionDep) -> HTMLResponse:
    """One-click unsubscribe (RFC 8058: `List-Unsubscribe=One-Click` posted by the mail
    client, or the page's button); no sign-in needed."""
    await email.unsubscribe(session, token)
    return _page("Unsubscribed", "<p>No more Marchlords emails will be sent to this address.</p>")


@links_router.get("/undo/{token}", response_class=HTMLResponse)
async def address_change_undo_page(token: LinkToken) -> HTMLResponse:
    """The undo link's page (sent to the old address): a button that undoes the change."""
    return _page(
        "Undo the change of address",
        _form(
            f"/v1/email/undo/{token}",
            "Put this address back on your Marchlords account and sign everyone out of it?",
            "Undo the change",
        ),
    )


@links_router.post("/undo/{token}", response_class=HTMLResponse)
async def undo_address_change(token: LinkToken, session: SessionDep) -> HTMLResponse:
    """Undo a change of address (single use, within 7 days; no sign-in needed): the old
    address is back, confirmed, every session and token of the account is revoked, and the
    password is retired: a reset link goes to the restored address."""
    row = await account.undo_address_change(session, token)
    return _page(
        "Address restored",
        f"<p>{html.escape(row.address)} is your address again, and everyone was signed out. "
        "A link to choose a new password was sent to it: the old one no longer works.</p>",
    )
