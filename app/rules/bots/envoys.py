"""A bot's diplomacy (R-BOT-6, R-BOT-7): simple rules, on its seat's view alone.

Strength, as the bot sees it: the tiers of a player's armies it is shown plus two per city it
is shown (its own: all of them). An unseen player counts as strength 0.

Answers (R-BOT-6): an embassy is always accepted; a trade route too (it pays both sides); a
pact or an alliance is accepted when the bot is weaker than the sender as it sees them (a
turtle accepts every pact); vassalage — paying or demanding tribute — is always refused.

Edicts issued (R-BOT-7), at most the turn's one: a turtle proposes a pact to the strongest
hostile player it sees who is stronger than it; a builder an embassy to the nearest player it
sees with no embassy yet; a raider none. Only when the gold for it is there beyond what its
orders spent.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.rules.bots.plan import Personality
from app.rules.diplomacy import Edict, EdictKind, relation_rank
from app.rules.relations import is_hostile
from app.rules.state import CampaignState, StructureKind


def strength(view: CampaignState, player: int) -> int:
    """R-BOT-6: what the view shows of a player's might."""
    tiers = sum(a.tier for a in view.armies.values() if a.owner == player)
    cities = sum(
        1 for s in view.structures.values() if s.owner == player and s.kind is StructureKind.CITY
    )
    return tiers + 2 * cities


def answer(view: CampaignState, seat: int, edict: Edict, personality: Personality) -> bool:
    """R-BOT-6: whether the bot accepts a proposal addressed to it."""
    match edict.kind:
        case EdictKind.EMBASSY | EdictKind.TRADE:
            return True
        case EdictKind.PACT if personality is Personality.TURTLE:
            return True
        case EdictKind.PACT | EdictKind.ALLIANCE:
            return strength(view, seat) < strength(view, edict.sender)
        case _:
            return False


@dataclass(frozen=True)
class Proposal:
    kind: EdictKind
    recipient: int


def propose(view: CampaignState, seat: int, personality: Personality) -> Proposal | None:
    """R-BOT-7: the edict the bot issues this turn, if any (the service checks it and its
    price like a player's)."""
    seen = sorted(
        {a.owner for a in view.armies.values()} | {s.owner for s in view.structures.values()}
    )
    others = [p for p in seen if p != seat and p in view.players]
    if personality is Personality.TURTLE:
        mine = strength(view, seat)
        stronger = [
            p
            for p in others
            if is_hostile(view, seat, p)
            and strength(view, p) > mine
            and relation_rank(view, seat, p, agreed=True) < 2
        ]
        if stronger:
            best = max(stronger, key=lambda p: (strength(view, p), -p))
            return Proposal(EdictKind.PACT, best)
        return None
    if personality is Personality.BUILDER:
        strangers = [p for p in others if relation_rank(view, seat, p, agreed=True) < 1]
        if strangers:
            return Proposal(EdictKind.EMBASSY, strangers[0])
    return None
