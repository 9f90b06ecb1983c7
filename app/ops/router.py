"""Liveness and readiness probes for load balancers and orchestrators."""

import logging
from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from app.db.session import SessionDep
from app.errors import PROBLEM_MEDIA_TYPE, ServiceUnavailable

logger = logging.getLogger(__name__)

router = APIRouter(tags=["ops"])


class Health(BaseModel):
    """Probe result."""

    status: Literal["ok"] = "ok"


@router.get("/healthz")
async def healthz() -> Health:
    """Liveness: the process answers (does not touch the database)."""
    return Health()


@router.get(
    "/readyz",
    responses={
        503: {
            "description": "The database is unreachable",
            "content": {PROBLEM_MEDIA_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}},
        }
    },
)
async def readyz(session: SessionDep) -> Health:
    """Readiness: the database answers `SELECT 1`."""
    try:
        await session.execute(text("SELECT 1"))
    except (SQLAlchemyError, OSError) as exc:
        logger.warning("readiness check failed: %s", type(exc).__name__)
        raise ServiceUnavailable("Database unavailable.") from exc
    return Health()
