"""Registration and the current user's profile."""

from fastapi import APIRouter, status

from app.auth.dependencies import CurrentUser
from app.db.session import SessionDep
from app.errors import PROBLEM_RESPONSES
from app.users import service
from app.users.schemas import UserCreate, UserRead

router = APIRouter(prefix="/users", tags=["users"], responses=PROBLEM_RESPONSES)


@router.post("", status_code=status.HTTP_201_CREATED)
async def register_user(data: UserCreate, session: SessionDep) -> UserRead:
    """Register a new user account."""
    return UserRead.from_model(await service.register(session, data))


@router.get("/me")
async def read_current_user(user: CurrentUser) -> UserRead:
    """Show the authenticated user."""
    return UserRead.from_model(user)
