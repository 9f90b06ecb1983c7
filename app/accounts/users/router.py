"""Registration, the current user's profile and password."""

from fastapi import APIRouter, Response, status

from app.accounts.auth.dependencies import AccountAuth, CurrentUser
from app.accounts.users import service
from app.accounts.users.schemas import PasswordChange, UserCreate, UserRead, UserUpdate
from app.platform.db.session import SessionDep
from app.platform.errors import PROBLEM_RESPONSES

router = APIRouter(prefix="/users", tags=["users"], responses=PROBLEM_RESPONSES)


@router.post("", status_code=status.HTTP_201_CREATED)
async def register_user(data: UserCreate, session: SessionDep) -> UserRead:
    """Register a new user account."""
    return UserRead.from_model(await service.register(session, data))


@router.get("/me")
async def read_current_user(user: CurrentUser) -> UserRead:
    """Show the authenticated user."""
    return UserRead.from_model(user)


@router.patch("/me")
async def update_current_user(data: UserUpdate, user: CurrentUser, session: SessionDep) -> UserRead:
    """Choose the language the server writes to me in."""
    return UserRead.from_model(await service.update_profile(session, user, data))


@router.put("/me/password", status_code=status.HTTP_204_NO_CONTENT)
async def change_password(data: PasswordChange, auth: AccountAuth, session: SessionDep) -> Response:
    """Change my password, given the current one (from a session or an `account` token); every
    other token of mine is revoked, this one keeps working. An account made with another
    provider's sign-in sets its first password without one, within minutes of a sign-in."""
    await service.change_password(session, auth, data)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
