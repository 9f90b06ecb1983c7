"""Standing orders (R-TURN-8): what a seat leaves to be ordered again at every turn change.

Pure decisions: whether a standing order is given this turn, before the ordinary validation
(which the service runs as for any order: same rules, same prices, same ledger lines).
"""

from dataclasses import dataclass
from enum import StrEnum

from app.rules.hexgrid import Coord
from app.rules.relations import is_hostile
from app.rules.state import BuildKind, CampaignState, TurnOrders
from app.rules.texts import _


class StandingKind(StrEnum):
    HOLD = "hold"
    ENTRENCH = "entrench"
    UPGRADE_ARMY = "upgrade_army"
    UPGRADE_CITY = "upgrade_city"
    RETURN_TO = "return_to"  # the army heads for one of the player's tiles (q, r)
    # If a hostile army is seen within `radius` tiles of (q, r), the army moves toward (to_q,
    # to_r): judged at the change on what the player sees (R-FOG-3).
    IF_HOSTILE_NEAR = "if_hostile_near"


ARMY_KINDS = frozenset({StandingKind.HOLD, StandingKind.ENTRENCH, StandingKind.UPGRADE_ARMY})


@dataclass(frozen=True)
class Standing:
    kind: StandingKind
    army_id: int | None = None
    q: int | None = None
    r: int | None = None
    radius: int | None = None
    to_q: int | None = None
    to_r: int | None = None


def hostile_seen_near(
    state: CampaignState,
    player: int,
    visible: frozenset[Coord],
    hidden: frozenset[int],
    center: Coord,
    radius: int,
) -> bool:
    """R-TURN-8, R-FOG-3: an army hostile to the player (R-OWN-2) stands, where the player
    sees it, within `radius` tiles of `center`. An army out of sight or concealed (R-OPT-3)
    triggers nothing: the condition is judged on what the player sees, never on the truth."""
    grid = state.map.grid
    return any(
        a.owner != player
        and a.coord in visible
        and a.id not in hidden
        and grid.distance(a.coord, center) <= radius
        and is_hostile(state, player, a.owner)
        for a in state.armies.values()
    )


def already_ordered(standing: Standing, orders: TurnOrders, player: int) -> str | None:
    """Why this turn's own orders make the standing order moot (an order given this turn wins
    over a standing one), or None: it is to be given."""
    army = standing.army_id
    if standing.kind is StandingKind.HOLD:
        # Holding gives no order: a move ordered this turn is what the army does.
        return "a move was ordered this turn" if army in orders.moves else "held"
    if standing.kind is StandingKind.ENTRENCH:
        if army in orders.moves:
            return "a move was ordered this turn"
        return "already entrenched this turn" if army in orders.entrench else None
    if standing.kind in (StandingKind.RETURN_TO, StandingKind.IF_HOSTILE_NEAR):
        if army in orders.moves:
            return "a move was ordered this turn"
        return "entrenched this turn" if army in orders.entrench else None
    if standing.kind is StandingKind.UPGRADE_ARMY:
        upgraded = any(u.army_id == army and u.player == player for u in orders.upgrades)
        return "already upgraded this turn" if upgraded else None
    upgraded_city = any(
        b.kind is BuildKind.UPGRADE_CITY
        and b.coord == (standing.q, standing.r)
        and b.player == player
        for b in orders.builds
    )
    return "already upgraded this turn" if upgraded_city else None


def well_formed(standing: Standing) -> str | None:
    """What a standing order lacks, or None: an army's needs `army_id`, a city's its tile."""
    if standing.kind is StandingKind.IF_HOSTILE_NEAR:
        named = (
            standing.army_id,
            standing.q,
            standing.r,
            standing.radius,
            standing.to_q,
            standing.to_r,
        )
        if any(v is None for v in named):
            return _(
                "a standing if_hostile_near names an army, a tile (q, r), a radius and (to_q, to_r)"
            )
        return None
    if standing.radius is not None or standing.to_q is not None or standing.to_r is not None:
        return _("radius and to_q, to_r belong to if_hostile_near only")
    if standing.kind is StandingKind.RETURN_TO:
        if standing.army_id is None or standing.q is None or standing.r is None:
            return _("a standing return_to names an army (army_id) and your tile (q, r)")
        return None
    if standing.kind in ARMY_KINDS:
        if standing.army_id is None or standing.q is not None or standing.r is not None:
            return _(
                "a standing {kind} names an army (army_id) and no tile", kind=standing.kind.value
            )
        return None
    if standing.army_id is not None or standing.q is None or standing.r is None:
        return _("a standing upgrade_city names the city's tile (q, r) and no army")
    return None
