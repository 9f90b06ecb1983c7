"""The caller's reliability profile (R-CAMP-14)."""

from fastapi import APIRouter

from app.accounts.auth.dependencies import CurrentUser
from app.platform.db.session import SessionDep
from app.platform.errors import PROBLEM_RESPONSES
from app.play.reliability import service
from app.play.reliability.schemas import ReliabilityRead

router = APIRouter(prefix="/users/me", tags=["reliability"], responses=PROBLEM_RESPONSES)


@router.get("/reliability")
async def read_my_reliability(session: SessionDep, user: CurrentUser) -> ReliabilityRead:
    """How you have played, over your finished and running campaigns: turns ready on time,
    missed, in civil disorder, excused (vacation, steward); battles confirmed by their play-by
    date or after it (R-CAMP-14). The owner of a campaign you ask to join sees the same counts,
    and nobody else."""
    return await service.profile(session, user.id)
