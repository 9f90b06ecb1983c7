"""The calendar feed's secret URL, as created and as described afterwards."""

from datetime import datetime

from pydantic import BaseModel, Field


class CalendarFeedRead(BaseModel):
    """My calendar feed: when its secret URL was issued (the secret itself is not kept)."""

    issued_at: datetime


class CalendarFeedCreated(CalendarFeedRead):
    """A new secret URL; shown in this response only (only its SHA-256 digest is stored)."""

    url: str = Field(
        description="The feed's address, for a calendar application: it works without the "
        "Authorization header, so keep it secret; rotating or revoking it ends it."
    )
    token: str = Field(description="The secret part of `url`.")
