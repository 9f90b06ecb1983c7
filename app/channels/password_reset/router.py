"""Password reset by email (`/auth/password-reset`): thin endpoints on the service."""

from fastapi import APIRouter, Response, status

from app.channels.password_reset.schemas import (
    PasswordResetAccepted,
    PasswordResetConfirm,
    PasswordResetRequest,
)
from app.channels.password_reset.service import confirm_reset, request_reset
from app.platform.db.session import SessionDep
from app.platform.dependencies import SettingsDep
from app.platform.errors import PROBLEM_RESPONSES

router = APIRouter(prefix="/auth", tags=["auth"], responses=PROBLEM_RESPONSES)


@router.post("/password-reset", status_code=status.HTTP_202_ACCEPTED)
async def request_password_reset(
    data: PasswordResetRequest, session: SessionDep, settings: SettingsDep
) -> PasswordResetAccepted:
    """Forgot password: a reset link goes to the address if it is an account's confirmed one.
    The answer is the same in every case."""
    await request_reset(session, data.address, settings)
    return PasswordResetAccepted(
        detail="If this is the confirmed address of an account, a reset link was sent to it."
    )


@router.post("/password-reset/confirm", status_code=status.HTTP_204_NO_CONTENT)
async def confirm_password_reset(data: PasswordResetConfirm, session: SessionDep) -> Response:
    """Set a new password with a reset link's token (once, within the hour); every token of
    the account is revoked, its open streams with them: sign in again."""
    await confirm_reset(session, data.token, data.new_password)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
