"""Editing the house rules (owner) and reading them and their history (every member)."""

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.platform.db.base import utcnow
from app.platform.errors import Forbidden, NotFound
from app.platform.i18n import _
from app.platform.pagination import PageParams, paginate_rows
from app.play.campaigns.access import Membership
from app.play.house_rules.schemas import (
    HouseRuleChangePage,
    HouseRuleChangeRead,
    HouseRuleCreate,
    HouseRuleRead,
    HouseRules,
    HouseRuleUpdate,
)
from app.store.models import User
from app.store.models.campaign import CampaignStatus
from app.store.models.house_rule import HouseRule, HouseRuleAction, HouseRuleChange

OWNER_ALIAS = "Owner"


def _snapshot(rule: HouseRule) -> dict[str, Any]:
    return {
        "position": rule.position,
        "section": rule.section,
        "page": rule.page,
        "kind": rule.kind.value,
        "text": rule.text,
    }


def read_model(rule: HouseRule) -> HouseRuleRead:
    return HouseRuleRead(
        id=rule.id,
        position=rule.position,
        section=rule.section,
        page=rule.page,
        kind=rule.kind,
        text=rule.text,
        created_at=rule.created_at,
        updated_at=rule.updated_at,
    )


def _require_editor(m: Membership) -> None:
    if not m.is_owner:
        raise Forbidden(_("Only the campaign's owner edits the house rules."), code="R-HOUSE-1")
    m.require_status(CampaignStatus.LOBBY, CampaignStatus.ACTIVE)


async def _rules(session: AsyncSession, m: Membership) -> list[HouseRule]:
    rows = await session.scalars(
        select(HouseRule)
        .where(HouseRule.campaign_id == m.campaign.id)
        .order_by(HouseRule.position, HouseRule.id)
    )
    return list(rows)


def _renumber(rules: list[HouseRule]) -> None:
    for index, rule in enumerate(rules, start=1):
        if rule.position != index:
            rule.position = index


def _find(rules: list[HouseRule], rule_id: int) -> HouseRule:
    for rule in rules:
        if rule.id == rule_id:
            return rule
    raise NotFound(_("House rule not found."))


def _log(
    session: AsyncSession,
    m: Membership,
    rule_id: int,
    action: HouseRuleAction,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
) -> None:
    session.add(
        HouseRuleChange(
            campaign_id=m.campaign.id,
            rule_id=rule_id,
            action=action,
            author_id=m.user.id,
            at=utcnow(),
            before=before,
            after=after,
        )
    )


async def listing(session: AsyncSession, m: Membership) -> HouseRules:
    return HouseRules(
        game_system=m.campaign.settings.game_system,
        amendments=[read_model(r) for r in await _rules(session, m)],
    )


async def create(session: AsyncSession, m: Membership, data: HouseRuleCreate) -> HouseRuleRead:
    """Insert an amendment at its position (last by default); the later ones move down."""
    _require_editor(m)
    rules = await _rules(session, m)
    index = len(rules) if data.position is None else min(data.position, len(rules) + 1) - 1
    rule = HouseRule(
        campaign_id=m.campaign.id,
        position=index + 1,
        section=data.section,
        page=data.page,
        kind=data.kind,
        text=data.text,
        created_by=m.user.id,
        updated_by=m.user.id,
    )
    rules.insert(index, rule)
    _renumber(rules)
    session.add(rule)
    await session.flush()
    _log(session, m, rule.id, HouseRuleAction.CREATE, None, _snapshot(rule))
    await session.flush()
    return read_model(rule)


async def update(
    session: AsyncSession, m: Membership, rule_id: int, data: HouseRuleUpdate
) -> HouseRuleRead:
    _require_editor(m)
    rules = await _rules(session, m)
    rule = _find(rules, rule_id)
    before = _snapshot(rule)
    changes = data.model_dump(exclude_unset=True)
    position = changes.pop("position", None)
    for name, value in changes.items():
        setattr(rule, name, value)
    if position is not None:
        rules.remove(rule)
        rules.insert(min(position, len(rules) + 1) - 1, rule)
        _renumber(rules)
    after = _snapshot(rule)
    if after != before:
        rule.updated_by = m.user.id
        rule.updated_at = utcnow()
        _log(session, m, rule.id, HouseRuleAction.UPDATE, before, after)
    await session.flush()
    return read_model(rule)


async def delete(session: AsyncSession, m: Membership, rule_id: int) -> None:
    _require_editor(m)
    rules = await _rules(session, m)
    rule = _find(rules, rule_id)
    _log(session, m, rule.id, HouseRuleAction.DELETE, _snapshot(rule), None)
    rules.remove(rule)
    await session.delete(rule)
    await session.flush()
    _renumber(rules)
    await session.flush()


async def history(session: AsyncSession, m: Membership, page: PageParams) -> HouseRuleChangePage:
    """Every change, newest first; the author is named unless anonymity hides the owner."""
    rows, total = await paginate_rows(
        session,
        select(HouseRuleChange, User.display_name)
        .join(User, User.id == HouseRuleChange.author_id)
        .where(HouseRuleChange.campaign_id == m.campaign.id)
        .order_by(HouseRuleChange.at.desc(), HouseRuleChange.id.desc()),
        page,
    )
    hidden = m.names_hidden
    items = [
        HouseRuleChangeRead(
            id=change.id,
            rule_id=change.rule_id,
            action=change.action,
            author=OWNER_ALIAS if hidden and change.author_id != m.user.id else name,
            by_you=change.author_id == m.user.id,
            at=change.at,
            before=change.before,
            after=change.after,
        )
        for change, name in rows
    ]
    return HouseRuleChangePage.of(items, total, page)
