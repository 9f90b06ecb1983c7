"""Ids that tell a player nothing of what others did (R-FOG-3).

An id drawn from a shared counter gives away how many orders, edicts or messages others made
between two of yours. Ids a player sees and that would come from such a counter are drawn at
random instead; lists that need an order sort by creation time, never by these ids.
"""

import secrets
from collections.abc import Awaitable, Callable

# Orders, edicts and recruited generals live in INTEGER columns shared with the engine's own
# counter (`campaigns.next_id`), which counts from 1 and never gets near 2**30: random ids
# come from [2**30, 2**31) and cannot meet it.
CAMPAIGN_ID_LOW = 2**30
CAMPAIGN_ID_HIGH = 2**31
# BIGINT ids shown to clients stay below 2**53, the largest integer JavaScript holds exactly.
PUBLIC_ID_HIGH = 2**53


def random_campaign_id() -> int:
    """A random campaign-scoped INTEGER id, far above the engine's counter."""
    return CAMPAIGN_ID_LOW + secrets.randbelow(CAMPAIGN_ID_HIGH - CAMPAIGN_ID_LOW)


def random_salt() -> int:
    """A campaign's secret for scrambling the engine's ids (app/rules/ids.py), never 0."""
    return 1 + secrets.randbelow(2**63 - 1)


def random_public_id() -> int:
    """A random BIGINT id in [1, 2**53)."""
    return 1 + secrets.randbelow(PUBLIC_ID_HIGH - 1)


async def unused_id(taken: Callable[[int], Awaitable[bool]], draw: Callable[[], int]) -> int:
    """Draw until `taken` says the id is free (a collision is all but impossible; this is the
    backstop). The caller holds the lock that keeps the answer true until it inserts."""
    while True:
        candidate = draw()
        if not await taken(candidate):
            return candidate
