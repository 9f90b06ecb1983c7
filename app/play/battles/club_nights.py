"""How far ahead a play-by date may be (R-BAT-8), and the club nights a battle's players are
offered as play-by dates (R-BAT-11); free of service imports, so the battle's read uses it."""

from datetime import datetime, timedelta

from app.rules import schedule
from app.store.models.campaign import Campaign, CampaignStatus

# How far ahead a play-by date may be: a promise for this campaign, not for next year.
MAX_AHEAD = timedelta(days=90)


def suggested_dates(campaign: Campaign, now: datetime) -> list[datetime]:
    """R-BAT-11: the next scheduled times after `now`, up to the battle deadline (else the
    turn's), each one a date `propose` takes; none without a schedule or a running campaign."""
    plan = campaign.settings.turn_schedule
    if plan is None or campaign.status is not CampaignStatus.ACTIVE:
        return []
    # The battle deadline cancels or settles what is unplayed; the turn's ends the turn.
    deadlines = [d for d in (campaign.battle_deadline_at, campaign.turn_deadline_at) if d]
    until = min([*deadlines, now + MAX_AHEAD])
    return schedule.club_nights(plan.weekly(), now, until)
