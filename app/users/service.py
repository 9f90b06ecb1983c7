"""User registration. Services flush, never commit."""

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.auth.passwords import hash_password
from app.errors import Conflict
from app.models import User
from app.users.schemas import UserCreate


async def register(session: AsyncSession, data: UserCreate) -> User:
    """Create a user; 409 if the username is taken (case-insensitively)."""
    taken = await session.scalar(
        select(User.id).where(func.lower(User.username) == data.username.lower())
    )
    if taken is not None:
        raise Conflict("Username is already taken.", code="username_taken")
    user = User(
        username=data.username,
        display_name=data.display_name,
        password_hash=await hash_password(data.password),
    )
    session.add(user)
    try:
        await session.flush()
    except IntegrityError as exc:
        # Lost a race with a concurrent registration of the same name.
        raise Conflict("Username is already taken.", code="username_taken") from exc
    return user
