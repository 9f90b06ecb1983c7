"""Battles over HTTP, from declaration to consequences (R-BAT, R-SIEGE, R-SYS, R-ARMY-4).

Skirmish map: player 1 (Empire) has its capital at (2, 1), player 2 (Orcs & Goblins) at
(7, 1). Each test puts armies and structures in place through the database, gives real move
orders and changes the turn over HTTP, so the battles are the ones the engine declares.
"""

import uuid
from typing import Any

from httpx import AsyncClient
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.store.models import (
    BattleRow,
    CampaignPlayer,
    GeneralRow,
    LedgerRow,
    StakeRow,
    StructureRow,
    TreatyRow,
    TurnSummaryRow,
)
from app.store.models.event import CampaignEvent
from tests.factories.battles import act, declared, field_battle, get_battle, move, result
from tests.factories.flows import (
    THREE,
    Game,
    GamePlayer,
    MakeUser,
    army_of,
    change_turn,
    start_game,
)
from tests.factories.planting import add_army, army, new_id, place, where
from tests.helpers import assert_problem

# ---------------------------------------------------------------------------------- helpers


async def add_structure(
    session: AsyncSession,
    game: Game,
    player: int,
    kind: str,
    coord: tuple[int, int],
    level: int = 1,
) -> int:
    sid = await new_id(session, game)
    session.add(
        StructureRow(
            campaign_id=uuid.UUID(game.id),
            id=sid,
            kind=kind,
            q=coord[0],
            r=coord[1],
            owner=player,
            level=level,
        )
    )
    await session.flush()
    return sid


async def report_and_confirm(
    client: AsyncClient,
    game: Game,
    battle_id: int,
    reporter: GamePlayer,
    confirmer: GamePlayer,
    report: dict[str, Any],
) -> dict[str, Any]:
    r = await act(client, game, reporter.headers, battle_id, "report", report)
    assert r.status_code == 200, r.text
    r = await act(client, game, confirmer.headers, battle_id, "confirm")
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def name(p: GamePlayer) -> str:
    return p.user.username.title()


def forces(
    leader: int | None,
    army: int,
    general: int,
    garrison: int = 0,
    reinforcement: int = 0,
    total: int | None = None,
    joiners: list[dict[str, int]] | None = None,
    bonus: int = 0,
) -> dict[str, Any]:
    return {
        "leader_army_id": leader,
        "joiners": joiners or [],
        "army_points": army,
        "general_points": general,
        "garrison": garrison,
        "reinforcement": reinforcement,
        "siege_bonus_pct": bonus,
        "total_points": army + general + garrison + reinforcement if total is None else total,
        "cover_pct": 0,  # R-OPT-4 (off in these campaigns)
        "entrenchment_pct": 0,
    }


async def stakes(session: AsyncSession, game: Game) -> list[tuple[int, int, int, int, str]]:
    rows = await session.scalars(
        select(StakeRow).where(StakeRow.campaign_id == uuid.UUID(game.id)).order_by(StakeRow.id)
    )
    return [(s.battle_id, s.winner, s.loser, s.amount, s.rule) for s in rows]


async def ledger_lines(
    session: AsyncSession, game: Game, turn: int
) -> list[tuple[int, int, str, str]]:
    rows = await session.scalars(
        select(LedgerRow)
        .where(LedgerRow.campaign_id == uuid.UUID(game.id), LedgerRow.turn == turn)
        .order_by(LedgerRow.id)
    )
    return [(r.player, r.amount, r.reason, r.rule) for r in rows]


async def summary(session: AsyncSession, game: Game, turn: int, player: int) -> list[str]:
    row = await session.get_one(
        TurnSummaryRow, (uuid.UUID(game.id), turn, player), populate_existing=True
    )
    return [e["kind"] for e in row.events]


async def gold(session: AsyncSession, game: Game, player: int) -> int:
    row = await session.get_one(
        CampaignPlayer, (uuid.UUID(game.id), player), populate_existing=True
    )
    return row.gold


async def structure(session: AsyncSession, game: Game, sid: int) -> tuple[int, int] | None:
    row = await session.get(StructureRow, (uuid.UUID(game.id), sid), populate_existing=True)
    return None if row is None else (row.owner, row.level)


# ------------------------------------------------------------------------ reading battles


async def test_R_BAT_1_R_ARMY_4_field_battle_as_each_viewer_sees_it_R_FOG_4(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, THREE, settings={"anonymity": True})
    p1, p2, p3 = game.players
    battle, a1, a2 = await field_battle(client, session, game)
    bid = battle["id"]
    side_1 = {"players": [{"number": 1, "name": name(p1)}], "structure_id": None}
    side_2 = {"players": [{"number": 2, "name": name(p2)}], "structure_id": None}
    # Participants see each other's real names and both sides' forces (R-CAMP-5, R-FOG-4).
    full = {
        "id": bid,
        "turn": 1,
        "q": 5,
        "r": 1,
        "kind": "field",
        "status": "awaiting_report",
        "your_side": "attacker",
        "attacker": {**side_1, "forces": forces(a1, 500, 100)},
        "defender": {**side_2, "forces": forces(a2, 500, 100)},
        "stake": {"attacker_victory": 10, "defender_victory": 10, "pillage": 0},
        "report": None,
        "rejection_reason": None,
        "resolved_turn": None,
        "waits_for_earlier_battle": False,
        "play_by": None,  # R-BAT-8
        "play_by_proposal": None,
        "suggested_dates": [],  # R-BAT-11: no weekly schedule, no club nights
        "auto_confirm_at": None,  # R-BAT-9
        "rosters": [],  # issue 30: the armies' lists (none here), for participants only
    }
    assert battle == full
    assert await get_battle(client, game, p2, bid) == {**full, "your_side": "defender"}

    # Fixed at declaration (R-ARMY-4): a later tier change does not alter what is fielded.
    (await army(session, game, a1)).tier = 3
    await session.flush()
    assert await get_battle(client, game, p1, bid) == full

    # Player 3 cannot see the tile: the battle does not exist for them (R-FOG-3)...
    r = await client.get(game.url(f"/battles/{bid}"), headers=p3.headers)
    assert_problem(r, 404, "not_found")
    r = await client.get(game.url("/battles"), headers=p3.headers)
    assert r.json() == {"items": [], "total": 0, "limit": 50, "offset": 0}
    # ...only that one is pending (R-FOG-4).
    turn = (await client.get(game.url("/turn"), headers=p3.headers)).json()
    assert turn["pending_battles"] == 1

    # Once in sight, an onlooker sees that a battle happens, not the forces nor the names.
    await place(session, game, 3, (6, 0))
    onlooker = {
        **full,
        "your_side": None,
        "attacker": {"players": [{"number": 1, "name": "Player A"}], "structure_id": None,
                     "forces": None},
        "defender": {"players": [{"number": 2, "name": "Player B"}], "structure_id": None,
                     "forces": None},
        "stake": None,
        "waits_for_earlier_battle": None,
        "rosters": None,
    }  # fmt: skip
    assert await get_battle(client, game, p3, bid) == onlooker
    listed = (await client.get(game.url("/battles"), headers=p3.headers)).json()
    assert listed == {"items": [onlooker], "total": 1, "limit": 50, "offset": 0}
    assert (await client.get(game.url("/battles?status=confirmed"), headers=p3.headers)).json()[
        "total"
    ] == 0


async def test_game_master_sees_every_battle_and_strangers_see_nothing(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    battle, _, _ = await field_battle(client, session, game)
    master = await client.get(game.url(f"/battles/{battle['id']}"), headers=game.owner.headers)
    assert master.json() == {**battle, "your_side": None}
    stranger = await make_user()
    r = await client.get(game.url("/battles"), headers=stranger.headers)
    assert_problem(r, 404, "not_found")


async def test_R_BAT_3_R_SYS_multi_army_side_joins_at_25_percent_and_leader_can_change(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings={"game_system": "ninth_age"})
    p1, p2 = game.players
    a1 = await place(session, game, 1, (4, 1))
    b1 = await add_army(session, game, 1, (4, 1), tier=2)
    a2 = await place(session, game, 2, (5, 1))
    await move(client, game, p1, a1, (5, 1))
    await move(client, game, p1, b1, (5, 1))
    battle = await declared(client, game, p1)
    # Tier 2 leads (1000 + 175), the tier-1 joiner brings 25 % of 500; × 2.25, rounded to 5.
    assert battle["attacker"]["forces"] == forces(
        b1, 2530, 395, total=2925, joiners=[{"army_id": a1, "points": 280}]
    )
    assert battle["defender"]["forces"] == forces(a2, 1125, 225, total=1350)

    # Only the attacker's side picks its leader; the defender's army is not theirs.
    r = await act(client, game, p2.headers, battle["id"], "leader", {"army_id": a1})
    assert_problem(r, 422, "R-BAT-3")
    r = await act(client, game, p1.headers, battle["id"], "leader", {"army_id": a1})
    assert r.status_code == 200, r.text
    assert r.json()["attacker"]["forces"] == forces(
        a1, 1690, 225, total=1915, joiners=[{"army_id": b1, "points": 565}]
    )
    assert (await get_battle(client, game, p2, battle["id"]))["attacker"] == r.json()["attacker"]


async def test_R_ARMY_4_forces_stored_as_the_engine_fixed_them_at_declaration(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """Player 2 orders its army's upgrade in the turn the battle is declared: the upgrade
    takes effect at that change, after the declaration; the battle fields tier 1, and a leader
    change recomputes with the declared tiers, not the live ones."""
    game = await start_game(client, make_user, ruleset={"starting_gold": 20})
    p1, p2 = game.players
    a1 = await place(session, game, 1, (4, 1))
    a2 = await place(session, game, 2, (5, 1))
    b2 = await add_army(session, game, 2, (5, 1))
    r = await client.post(game.url(f"/armies/{a2}/upgrade"), headers=p2.headers)
    assert r.status_code in (200, 201), r.text
    await move(client, game, p1, a1, (5, 1))
    battle = await declared(client, game, p2)
    assert await where(session, game, a2) == (5, 1, 2)  # upgraded at step 5 of the change
    assert battle["attacker"]["forces"] == forces(a1, 500, 100)
    assert battle["defender"]["forces"] == forces(
        a2, 625, 100, joiners=[{"army_id": b2, "points": 125}]
    )
    r = await act(client, game, p2.headers, battle["id"], "leader", {"army_id": b2})
    assert r.status_code == 200, r.text
    assert r.json()["defender"]["forces"] == forces(
        b2, 625, 100, joiners=[{"army_id": a2, "points": 125}]
    )


# ------------------------------------------------------------------------------ outcomes


async def test_R_BAT_7_field_victory_moves_in_retreats_loser_and_stakes_10(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    battle, a1, a2 = await field_battle(client, session, game, defender_tier=2)
    bid = battle["id"]

    r = await act(client, game, p1.headers, bid, "report", result("attacker_victory", 10, 50))
    assert r.status_code == 200, r.text
    reported = {
        "outcome": "attacker_victory",
        "attacker_losses_pct": 10,
        "defender_losses_pct": 50,
        "general_captured": False,
        "fate": None,
        "reported_by": {"number": 1, "name": name(p1)},
        "reported_side": "attacker",
        "arbitrated": False,
        "version": 1,  # R-BAT-10
    }
    assert r.json() == {**battle, "status": "reported", "report": reported}
    assert await where(session, game, a2) == (5, 1, 2)  # nothing happens before confirmation

    confirmed = await act(client, game, p2.headers, bid, "confirm")
    assert confirmed.status_code == 200, confirmed.text
    assert confirmed.json() == {
        **battle,
        "your_side": "defender",
        "status": "confirmed",
        "report": reported,
        "resolved_turn": 2,
    }
    # The winner moves in, the loser retreats east and loses a tier at 50 % (R-BAT-7).
    assert await where(session, game, a1) == (5, 1, 1)
    assert await where(session, game, a2) == (6, 1, 1)
    assert await stakes(session, game) == [(bid, 1, 2, 10, "R-BAT-7")]
    kinds = [
        e.kind
        for e in await session.scalars(
            select(CampaignEvent)
            .where(CampaignEvent.campaign_id == uuid.UUID(game.id))
            .order_by(CampaignEvent.id)
        )
    ]
    assert kinds[-2:] == ["battle_reported", "battle_confirmed"]

    # The stake is taken at the next change, before income (8 gold: 5 + 3 of income).
    assert await gold(session, game, 2) == 8
    await change_turn(client, game)
    lines = await ledger_lines(session, game, 2)
    assert (2, -8, f"stake of battle #{bid}", "R-BAT-7") == lines[0]
    assert (1, 8, f"stake of battle #{bid}", "R-BAT-7") == lines[1]
    # The battle's events open both players' next summary.
    effects = ["battle_resolved", "stake_won", "army_tier_lost", "army_retreated", "army_advanced"]
    assert (await summary(session, game, 2, 1))[:5] == effects
    assert (await summary(session, game, 2, 2))[:5] == effects


async def test_R_BAT_7_defender_victory_attacker_stays_and_pays(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    (await army_of(session, game, 1)).tier = 2
    battle, a1, a2 = await field_battle(client, session, game)
    body = await report_and_confirm(
        client, game, battle["id"], p2, p1, result("defender_victory", 60, 20)
    )
    assert body["status"] == "confirmed"
    assert body["report"]["reported_side"] == "defender"
    assert await where(session, game, a1) == (4, 1, 1)  # stays, loses a tier at 60 %
    assert await where(session, game, a2) == (5, 1, 1)
    assert await stakes(session, game) == [(battle["id"], 2, 1, 10, "R-BAT-7")]
    victories = await session.get_one(
        CampaignPlayer, (uuid.UUID(game.id), 2), populate_existing=True
    )
    assert victories.victories == 1  # towards WAAAGH! (R-FAC)


async def test_R_BAT_7_both_tried_to_enter_the_defender_wins_and_moves_in(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """Both armies walk into the empty (5, 1) at the same tick: both stop before it; the lower
    id attacks (R-BAT-2). The defender wins and moves in; the losing attacker stays."""
    game = await start_game(client, make_user)
    p1, p2 = game.players
    a1 = await place(session, game, 1, (4, 1))
    a2 = await place(session, game, 2, (6, 1))
    await move(client, game, p1, a1, (5, 1))
    await move(client, game, p2, a2, (5, 1))
    battle = await declared(client, game, p1)
    assert (battle["q"], battle["r"], battle["kind"]) == (5, 1, "field")
    assert await where(session, game, a1) == (4, 1, 1)
    assert await where(session, game, a2) == (6, 1, 1)
    assert a1 < a2
    assert battle["your_side"] == "attacker"
    await report_and_confirm(client, game, battle["id"], p1, p2, result("defender_victory", 20, 10))
    assert await where(session, game, a2) == (5, 1, 1)  # the defender moved in
    assert await where(session, game, a1) == (4, 1, 1)  # the attacker stays where it stopped
    await change_turn(client, game)
    # Orcs & Goblins count the victory towards WAAAGH! (R-FAC).
    effects = ["battle_resolved", "stake_won", "victory_counted", "army_advanced"]
    assert (await summary(session, game, 2, 1))[:4] == effects


async def test_R_BAT_7_draw_moves_nobody_and_stakes_nothing(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    battle, a1, a2 = await field_battle(client, session, game)
    await report_and_confirm(client, game, battle["id"], p1, p2, result("draw", 30, 30))
    assert (await where(session, game, a1), await where(session, game, a2)) == (
        (4, 1, 1),
        (5, 1, 1),
    )
    assert await stakes(session, game) == []


async def test_R_BAT_7_defeated_side_at_100_percent_loses_its_armies(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    battle, _a1, a2 = await field_battle(client, session, game)
    general_id = (await army(session, game, a2)).general_id
    await report_and_confirm(client, game, battle["id"], p1, p2, result("attacker_victory", 0, 100))
    assert await where(session, game, a2) is None
    general = await session.get_one(
        GeneralRow, (uuid.UUID(game.id), general_id), populate_existing=True
    )
    assert (general.army_id, general.held_by) == (None, None)  # free again (R-ARMY-2)


async def test_R_SIEGE_2_capture_changes_hands_with_level_and_income(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    city = await add_structure(session, game, 2, "city", (5, 1), level=2)
    a1 = await place(session, game, 1, (4, 1))
    await move(client, game, p1, a1, (5, 1))
    battle = await declared(client, game, p1)
    assert battle["kind"] == "siege"
    assert battle["defender"] == {
        "players": [{"number": 2, "name": name(p2)}],
        "structure_id": city,
        "forces": forces(None, 0, 0, garrison=750),
    }
    # A garrison alone pays nothing; a destroyed city is pillaged (R-BAT-7, R-SIEGE-2).
    assert battle["stake"] == {"attacker_victory": 0, "defender_victory": 10, "pillage": 20}

    report = result("attacker_victory", 20, 40, fate="capture")
    await report_and_confirm(client, game, battle["id"], p1, p2, report)
    assert await structure(session, game, city) == (1, 2)  # under 50 %: keeps its level
    assert await where(session, game, a1) == (5, 1, 1)
    assert await stakes(session, game) == []

    await change_turn(client, game)
    lines = await ledger_lines(session, game, 2)
    assert (1, 3, "city level 1 ×1", "R-ECO-2") in lines
    assert (1, 6, "city level 2 ×1", "R-ECO-2") in lines  # it yields to its new owner
    assert not any(p == 2 and "city level 2" in reason for p, _, reason, _ in lines)


async def test_R_SIEGE_2_destroy_pillages_20_capped_by_the_losers_gold(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    city = await add_structure(session, game, 2, "city", (5, 1))
    a1 = await place(session, game, 1, (4, 1))
    await move(client, game, p1, a1, (5, 1))
    battle = await declared(client, game, p1)
    report = result("attacker_victory", 0, 100, fate="destroy")
    await report_and_confirm(client, game, battle["id"], p1, p2, report)
    assert await structure(session, game, city) is None  # razed: the tile is neutral
    assert await where(session, game, a1) == (5, 1, 1)
    assert await stakes(session, game) == [(battle["id"], 1, 2, 20, "R-SIEGE-2")]

    # Player 2 holds 11 gold (5 + 3 + 3 from that city at the first change): 11 of 20 taken.
    assert await gold(session, game, 2) == 11
    await change_turn(client, game)
    lines = await ledger_lines(session, game, 2)
    reason = f"stake of battle #{battle['id']}"
    assert lines[:2] == [(2, -11, reason, "R-SIEGE-2"), (1, 11, reason, "R-SIEGE-2")]
    balance = sum(
        r.amount
        for r in await session.scalars(
            select(LedgerRow).where(
                LedgerRow.campaign_id == uuid.UUID(game.id), LedgerRow.player == 2
            )
        )
    )
    assert await gold(session, game, 2) == balance  # R-ECO-6


async def test_R_SIEGE_2_capital_repulses_a_victorious_attacker(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    a1 = await place(session, game, 1, (6, 1))
    a2 = (await army_of(session, game, 2)).id  # stands on its capital (7, 1)
    await move(client, game, p1, a1, (7, 1))
    battle = await declared(client, game, p1)
    assert battle["kind"] == "siege"
    assert battle["defender"]["forces"] == forces(a2, 500, 100, garrison=750)

    capture = result("attacker_victory", 10, 60, fate="capture")
    r = await act(client, game, p1.headers, battle["id"], "report", capture)
    assert_problem(r, 422, "R-SIEGE-2")
    assert (await get_battle(client, game, p1, battle["id"])) == battle  # nothing changed

    await report_and_confirm(client, game, battle["id"], p1, p2, result("attacker_victory", 10, 60))
    capital = await session.scalar(
        select(StructureRow).where(
            StructureRow.campaign_id == uuid.UUID(game.id), StructureRow.is_capital,
            StructureRow.owner == 2,
        )
    )  # fmt: skip
    assert capital is not None
    assert (capital.q, capital.r) == (7, 1)
    assert await where(session, game, a1) == (6, 1, 1)  # repulsed: stays where it stopped
    assert await where(session, game, a2) == (8, 1, 1)  # the defender retreated east
    assert await stakes(session, game) == [(battle["id"], 1, 2, 10, "R-BAT-7")]


async def test_R_BUILD_4_placed_at_the_last_change_accepts_a_port_captured_this_turn_waits(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """Turn 1: army A places an outpost on the coast (0, 3) while army B assaults player 2's
    coast outpost (-1, 4). Turn 2: a port on A's outpost is accepted (placed at the last
    change: taken in turn 1); B captures its outpost by a result confirmed now, so a port
    there waits for turn 3 (R-BUILD-4)."""
    game = await start_game(client, make_user, ruleset={"starting_gold": 40})
    p1, p2 = game.players
    a = await place(session, game, 1, (0, 3))
    b = await add_army(session, game, 1, (-2, 5))
    taken = await add_structure(session, game, 2, "outpost", (-1, 4))
    built = await client.post(
        game.url("/builds"),
        json={"kind": "outpost", "q": 0, "r": 3, "army_id": a},
        headers=p1.headers,
    )
    assert built.status_code == 201, built.text
    await move(client, game, p1, b, (-1, 4))
    battle = await declared(client, game, p1)
    assert battle["kind"] == "assault"

    def port(army_id: int, q: int, r: int) -> dict[str, Any]:
        return {"kind": "port", "q": q, "r": r, "army_id": army_id}

    first = await client.post(game.url("/builds"), json=port(a, 0, 3), headers=p1.headers)
    assert first.status_code == 201, first.text
    await report_and_confirm(
        client, game, battle["id"], p1, p2, result("attacker_victory", 0, 0, fate="capture")
    )
    assert await structure(session, game, taken) == (1, 1)
    refused = await client.post(game.url("/builds"), json=port(b, -1, 4), headers=p1.headers)
    body = assert_problem(refused, 422, "R-BUILD-4")
    assert body["violations"] == [
        {"rule": "R-BUILD-4", "message": "A tile taken this turn accepts no build."}
    ]
    await change_turn(client, game)
    later = await client.post(game.url("/builds"), json=port(b, -1, 4), headers=p1.headers)
    assert later.status_code == 201, later.text


async def test_R_BAT_6_outpost_abandoned_goes_to_the_attacker_without_gold(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    outpost = await add_structure(session, game, 2, "outpost", (5, 1))
    a1 = await place(session, game, 1, (4, 1))
    await move(client, game, p1, a1, (5, 1))
    battle = await declared(client, game, p1)
    assert battle["kind"] == "assault"
    assert battle["defender"]["forces"] == forces(None, 0, 0, garrison=250, reinforcement=250)

    r = await act(client, game, p1.headers, battle["id"], "abandon")
    assert_problem(r, 422, "R-BAT-6")  # only the owner of the place gives it up
    assert await structure(session, game, outpost) == (2, 1)

    r = await act(client, game, p2.headers, battle["id"], "abandon")
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "abandoned"
    assert await structure(session, game, outpost) == (1, 1)
    assert await where(session, game, a1) == (5, 1, 1)
    assert await stakes(session, game) == []


async def test_R_BAT_4_port_assault_with_reinforcement_and_capture(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    port = await add_structure(session, game, 2, "port", (6, 3))
    a2 = await place(session, game, 2, (6, 3), tier=2)
    a1 = await place(session, game, 1, (6, 2))
    await move(client, game, p1, a1, (6, 3))
    battle = await declared(client, game, p1)
    assert battle["kind"] == "assault"
    assert battle["attacker"]["forces"] == forces(a1, 500, 100)
    assert battle["defender"]["forces"] == forces(a2, 1000, 175, garrison=250, reinforcement=250)
    report = result("attacker_victory", 30, 50, fate="capture")
    await report_and_confirm(client, game, battle["id"], p1, p2, report)
    assert await structure(session, game, port) == (1, 1)
    assert await where(session, game, a1) == (6, 3, 1)
    assert (await where(session, game, a2)) != (6, 3, 1)


async def test_R_ARMY_6_captured_general_then_the_army_waits_for_a_free_one(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    battle, a1, _a2 = await field_battle(client, session, game)
    general_id = (await army(session, game, a1)).general_id
    report = result("defender_victory", 40, 10, general_captured=True)
    await report_and_confirm(client, game, battle["id"], p2, p1, report)
    prisoner = await session.get_one(
        GeneralRow, (uuid.UUID(game.id), general_id), populate_existing=True
    )
    assert (prisoner.army_id, prisoner.held_by) == (None, 2)
    assert (await army(session, game, a1)).general_id is None

    r = await client.put(
        game.url(f"/armies/{a1}/move"), json={"path": [[3, 1]]}, headers=p1.headers
    )
    assert_problem(r, 422, "R-ARMY-6")
    free = await new_id(session, game)
    session.add(GeneralRow(campaign_id=uuid.UUID(game.id), id=free, owner=1))
    await session.flush()
    r = await client.put(
        game.url(f"/armies/{a1}/general"), json={"general_id": free}, headers=p1.headers
    )
    assert r.status_code == 200, r.text
    await move(client, game, p1, a1, (3, 1))


# ------------------------------------------------------------- disputes, gating, refusals


async def test_R_BAT_5_rejected_report_is_disputed_then_arbitrated_by_the_owner(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    p1, p2 = game.players
    battle, a1, _a2 = await field_battle(client, session, game)
    bid = battle["id"]
    r = await act(client, game, game.owner.headers, bid, "arbitrate", {"cancel": True})
    assert_problem(r, 409, "R-BAT-5")  # nothing disputed yet

    await act(client, game, p1.headers, bid, "report", result("attacker_victory", 0, 50))
    r = await act(client, game, p2.headers, bid, "reject", {"reason": "We drew."})
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "disputed"
    assert r.json()["rejection_reason"] == "We drew."
    assert_problem(await act(client, game, p1.headers, bid, "confirm"), 409, "R-BAT-5")
    r = await act(client, game, p1.headers, bid, "arbitrate", {"cancel": True})
    assert_problem(r, 403, "R-BAT-5")
    r = await act(client, game, game.owner.headers, bid, "arbitrate", {})
    assert_problem(r, 422, "validation_error")

    ruling = result("draw", 10, 10)
    r = await act(client, game, game.owner.headers, bid, "arbitrate", {"report": ruling})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["status"] == "confirmed"
    assert body["report"] == {
        **ruling,
        "general_captured": False,
        "fate": None,
        "reported_by": None,
        "reported_side": None,
        "arbitrated": True,
        "version": 2,  # the rejected report was the first (R-BAT-10)
    }
    assert body["rejection_reason"] is None
    assert await where(session, game, a1) == (4, 1, 1)


async def test_R_BAT_5_the_owner_who_plays_hears_of_a_dispute_out_of_sight_and_keeps_it(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """The owner plays seat 1 far away; seats 2 and 3 fight out of their sight. The dispute is
    told to the owner live (its event's audience holds their seat), and the battle stays in
    the owner's list and view once they have ruled on it; an onlooker never saw it."""
    game = await start_game(
        client, make_user, ("dwarfs", "empire", "orcs_goblins"), slots=(2, 0, 1)
    )
    owner, p2, p3 = game.players
    a2 = await place(session, game, 2, (4, 1))
    await place(session, game, 3, (5, 1))
    await move(client, game, p2, a2, (5, 1))
    await change_turn(client, game)
    [battle] = (await client.get(game.url("/battles"), headers=p2.headers)).json()["items"]
    bid = battle["id"]

    async def owner_list() -> list[int]:
        r = await client.get(game.url("/battles"), headers=owner.headers)
        return [b["id"] for b in r.json()["items"]]

    assert await owner_list() == []  # out of sight, not disputed: not the owner's business
    await act(client, game, p2.headers, bid, "report", result("attacker_victory", 0, 50))
    assert (await act(client, game, p3.headers, bid, "reject", {"reason": "No."})).is_success
    [dispute] = list(
        await session.scalars(
            select(CampaignEvent).where(
                CampaignEvent.campaign_id == uuid.UUID(game.id),
                CampaignEvent.kind == "battle_rejected",
            )
        )
    )
    assert (dispute.payload, sorted(dispute.audience or [])) == (
        {"battle_id": bid, "status": "disputed", "reason": "No."},
        [1, 2, 3],
    )
    assert await owner_list() == [bid]

    ruling = {"report": result("draw", 10, 10)}
    r = await act(client, game, owner.headers, bid, "arbitrate", ruling)
    assert (r.status_code, r.json()["status"]) == (200, "confirmed"), r.text
    assert await owner_list() == [bid]
    seen = await get_battle(client, game, owner, bid)
    assert (seen["status"], seen["report"]["arbitrated"]) == ("confirmed", True)
    r = await act(client, game, owner.headers, bid, "arbitrate", ruling)
    assert_problem(r, 409, "R-BAT-5")  # ruled once: kept in view, never ruled again


async def test_R_TURN_3_pending_battle_blocks_the_turn_until_confirmed(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    battle, _, _ = await field_battle(client, session, game)
    for p in game.players:
        await client.put(game.url("/turn/ready"), headers=p.headers)
    r = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert_problem(r, 409, "R-TURN-3")
    await report_and_confirm(client, game, battle["id"], p1, p2, result("draw", 0, 0))
    turn = (await client.get(game.url("/turn"), headers=p1.headers)).json()
    assert (turn["pending_battles"], turn["blocked_by"], turn["awaiting_owner"]) == (0, [], True)
    r = await client.post(game.url("/turn/resolve"), headers=game.owner.headers)
    assert r.status_code == 200, r.text
    assert r.json()["number"] == 3


async def test_R_TURN_3_auto_resolve_changes_the_turn_when_the_last_battle_is_settled(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, settings={"auto_resolve": True})
    p1, p2 = game.players
    a1 = await place(session, game, 1, (4, 1))
    await place(session, game, 2, (5, 1))
    await move(client, game, p1, a1, (5, 1))
    for p in game.players:
        await client.put(game.url("/turn/ready"), headers=p.headers)
    battle = (await client.get(game.url("/battles"), headers=p1.headers)).json()["items"][0]
    for p in game.players:
        await client.put(game.url("/turn/ready"), headers=p.headers)
    assert (await client.get(game.url("/turn"), headers=p1.headers)).json()["number"] == 2
    await report_and_confirm(client, game, battle["id"], p1, p2, result("draw", 0, 0))
    assert (await client.get(game.url("/turn"), headers=p1.headers)).json()["number"] == 3


async def test_refusals_change_nothing_R_BAT_5_R_BAT_6(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, THREE)
    p1, p2, p3 = game.players
    battle, a1, a2 = await field_battle(client, session, game)
    bid = battle["id"]
    url = game.url(f"/battles/{bid}")

    async def snapshot() -> tuple[Any, ...]:
        seen = await get_battle(client, game, p1, bid)
        return seen, await where(session, game, a1), await where(session, game, a2)

    before = await snapshot()
    # Not a participant: 404 while the tile is out of sight, 403 once it is in sight.
    r = await act(client, game, p3.headers, bid, "report", result("draw", 0, 0))
    assert_problem(r, 404, "not_found")
    await place(session, game, 3, (6, 0))
    r = await act(client, game, p3.headers, bid, "report", result("draw", 0, 0))
    assert_problem(r, 403, "R-BAT-5")
    assert_problem(await act(client, game, p3.headers, bid, "confirm"), 403, "R-BAT-5")
    # Invalid results (R-BAT-6).
    for bad in (
        result("draw", 0, 101),
        result("attacker_victory", -1, 0),
        result("attacker_victory", 0, 50, fate="destroy"),
        result("draw", 10, 10, general_captured=True),
    ):
        body = assert_problem(
            await act(client, game, p1.headers, bid, "report", bad), 422, "R-BAT-6"
        )
        assert body["violations"][0]["rule"] == "R-BAT-6"
    r = await act(client, game, p2.headers, bid, "abandon")
    assert_problem(r, 422, "R-BAT-6")  # a field battle has no place to give up
    # Nothing to confirm or reject yet.
    assert_problem(await act(client, game, p2.headers, bid, "confirm"), 409, "R-BAT-5")
    r = await act(client, game, p2.headers, bid, "reject", {"reason": "no"})
    assert_problem(r, 409, "R-BAT-5")
    assert await snapshot() == before

    r = await act(client, game, p1.headers, bid, "report", result("attacker_victory", 0, 50))
    reported = await snapshot()
    assert reported[0]["status"] == "reported"
    # No one confirms or rejects their own side's report; the other side cannot overwrite it.
    assert_problem(await act(client, game, p1.headers, bid, "confirm"), 403, "R-BAT-5")
    r = await act(client, game, p1.headers, bid, "reject", {"reason": "oops"})
    assert_problem(r, 403, "R-BAT-5")
    r = await act(client, game, p2.headers, bid, "report", result("draw", 0, 0))
    assert_problem(r, 409, "R-BAT-5")
    r = await act(client, game, p1.headers, bid, "leader", {"army_id": a1})
    assert_problem(r, 409, "R-BAT-3")
    assert await snapshot() == reported

    # The reporter may still correct their own report before it is confirmed.
    corrected = result("attacker_victory", 0, 40)
    assert (await act(client, game, p1.headers, bid, "report", corrected)).status_code == 200
    assert (await act(client, game, p2.headers, bid, "confirm")).status_code == 200
    done = await snapshot()
    assert done[0]["report"]["defender_losses_pct"] == 40
    # Confirming twice, or acting on a settled battle: 409.
    late: tuple[tuple[str, dict[str, Any] | None], ...] = (
        ("confirm", None),
        ("report", result("draw", 0, 0)),
        ("reject", {"reason": "late"}),
        ("abandon", None),
    )
    for action, payload in late:
        r = await act(client, game, p2.headers, bid, action, payload)
        assert_problem(r, 409, "R-BAT-5")
    assert await snapshot() == done
    assert len(await stakes(session, game)) == 1
    r = await client.post(url + "/confirm", headers=p2.headers)
    assert r.status_code == 409


async def test_acting_on_a_cancelled_battle_is_refused(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    p1, p2 = game.players
    battle, a1, a2 = await field_battle(client, session, game)
    bid = battle["id"]
    await act(client, game, p1.headers, bid, "report", result("attacker_victory", 0, 50))
    await act(client, game, p2.headers, bid, "reject", {"reason": "No."})
    r = await act(client, game, game.owner.headers, bid, "arbitrate", {"cancel": True})
    assert r.status_code == 200, r.text
    cancelled = r.json()
    assert (cancelled["status"], cancelled["resolved_turn"]) == ("cancelled", 2)
    assert await where(session, game, a1) == (4, 1, 1)
    assert await where(session, game, a2) == (5, 1, 1)
    for headers, action, body in (
        (p1.headers, "report", result("draw", 0, 0)),
        (p2.headers, "confirm", None),
        (p1.headers, "leader", {"army_id": a1}),
        (game.owner.headers, "arbitrate", {"cancel": True}),
    ):
        r = await act(client, game, headers, bid, action, body)
        assert_problem(r, 409, "R-BAT-5")
    assert await get_battle(client, game, p1, bid) == {**cancelled, "your_side": "attacker"}
    # Its armies take orders again.
    await move(client, game, p1, a1, (3, 1))
    status = (await session.get_one(BattleRow, (uuid.UUID(game.id), bid))).status
    assert status == "cancelled"


async def test_R_MOVE_3_battles_of_a_destroyed_army_are_cancelled_by_the_confirmation(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, THREE)
    p1, p2, p3 = game.players
    a1 = await place(session, game, 1, (4, 1))
    a2 = await place(session, game, 2, (5, 1))
    a3 = await place(session, game, 3, (5, 2))
    await move(client, game, p1, a1, (5, 1))
    await move(client, game, p3, a3, (5, 1))
    await change_turn(client, game)
    listed = (await client.get(game.url("/battles"), headers=p2.headers)).json()["items"]
    pairs = {
        (b["attacker"]["players"][0]["number"], b["defender"]["players"][0]["number"]): b
        for b in listed
    }
    # One battle per pair of hostile sides at the contested tile (R-MOVE-3).
    assert sorted(pairs) == [(1, 2), (1, 3), (3, 2)]
    first, second = pairs[(1, 2)], pairs[(3, 2)]

    await report_and_confirm(client, game, first["id"], p1, p2, result("attacker_victory", 0, 100))
    assert await where(session, game, a2) is None
    other = await get_battle(client, game, p3, second["id"])
    assert (other["status"], other["resolved_turn"]) == ("cancelled", 2)
    live = [
        (e.kind, e.payload["battle_id"], e.audience)
        for e in await session.scalars(
            select(CampaignEvent)
            .where(CampaignEvent.campaign_id == uuid.UUID(game.id))
            .order_by(CampaignEvent.id)
        )
        if e.kind in ("battle_confirmed", "battle_cancelled")
    ]
    assert live == [
        ("battle_confirmed", first["id"], [1, 2]),
        ("battle_cancelled", second["id"], [2, 3]),
    ]
    turn = (await client.get(game.url("/turn"), headers=p3.headers)).json()
    assert turn["pending_battles"] == 1  # players 1 and 3 still fight each other
    third = pairs[(1, 3)]
    await report_and_confirm(client, game, third["id"], p3, p1, result("draw", 0, 0))
    # The cancellation reaches player 3's next summary.
    await change_turn(client, game)
    assert "battle_cancelled" in await summary(session, game, 2, 3)


async def test_R_MOVE_3_pact_partners_each_fight_their_own_battle(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    """Players 2 and 3 (a pact) walk into player 1's army together: a pact partner forms its
    own side, so there are two battles, each fielding one army with no 25 % joiner."""
    game = await start_game(client, make_user, THREE)
    p1, p2, p3 = game.players
    a1 = await place(session, game, 1, (5, 1))
    a2 = await place(session, game, 2, (4, 1))
    a3 = await place(session, game, 3, (5, 2))
    session.add(
        TreatyRow(
            campaign_id=uuid.UUID(game.id),
            id=await new_id(session, game),
            kind="pact",
            a=2,
            b=3,
            since_turn=1,
        )
    )
    await session.flush()
    await move(client, game, p2, a2, (5, 1))
    await move(client, game, p3, a3, (5, 1))
    await change_turn(client, game)
    listed = (await client.get(game.url("/battles"), headers=p1.headers)).json()["items"]
    sides = sorted(
        (
            [p["number"] for p in b["attacker"]["players"]],
            [p["number"] for p in b["defender"]["players"]],
            b["attacker"]["forces"],
        )
        for b in listed
    )
    assert sides == [([2], [1], forces(a2, 500, 100)), ([3], [1], forces(a3, 500, 100))]
    assert all(b["defender"]["forces"] == forces(a1, 500, 100) for b in listed)


async def test_R_MOVE_3_a_battle_waits_for_the_earlier_declared_battles_of_its_armies(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, THREE)
    p1, p2, p3 = game.players
    a1 = await place(session, game, 1, (4, 1))
    await place(session, game, 2, (5, 1))
    a3 = await place(session, game, 3, (5, 2))
    await move(client, game, p1, a1, (5, 1))
    await move(client, game, p3, a3, (5, 1))
    await change_turn(client, game)
    listed = (await client.get(game.url("/battles"), headers=p2.headers)).json()["items"]
    pairs = {
        (b["attacker"]["players"][0]["number"], b["defender"]["players"][0]["number"]): b["id"]
        for b in listed
    }
    # Declared in this order at the tile (R-MOVE-3): 1 v 2, 3 v 2, then 1 v 3.
    first, second, third = pairs[(1, 2)], pairs[(3, 2)], pairs[(1, 3)]

    async def refused(battle_id: int, reporter: GamePlayer) -> None:
        r = await act(client, game, reporter.headers, battle_id, "report", result("draw", 0, 0))
        body = assert_problem(r, 422, "R-MOVE-3")
        assert body["violations"] == [{"rule": "R-MOVE-3", "message": body["detail"]}]
        assert "earlier-declared battle" in body["detail"]
        assert str(first) not in body["detail"]  # the earlier battle is not named
        battle = await get_battle(client, game, reporter, battle_id)
        assert (battle["status"], battle["report"]) == ("awaiting_report", None)

    waits = {b: (await get_battle(client, game, p2, b))["waits_for_earlier_battle"]
             for b in (first, second)}  # fmt: skip
    assert waits == {first: False, second: True}
    assert (await get_battle(client, game, p1, third))["waits_for_earlier_battle"] is True
    await refused(second, p3)  # army 2 fights player 1 first
    await refused(third, p1)  # army 1 fights player 2 first
    await report_and_confirm(client, game, first, p1, p2, result("draw", 0, 0))
    await refused(third, p3)  # army 3 now fights player 2 first
    assert (await get_battle(client, game, p3, second))["waits_for_earlier_battle"] is False
    await report_and_confirm(client, game, second, p3, p2, result("draw", 0, 0))
    await report_and_confirm(client, game, third, p1, p3, result("draw", 0, 0))
    turn = (await client.get(game.url("/turn"), headers=p3.headers)).json()
    assert turn["pending_battles"] == 0


async def test_R_CAMP_4_owner_arbitrates_a_pending_battle_of_an_inactive_player(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    p1, _p2 = game.players
    battle, a1, _a2 = await field_battle(client, session, game)
    (await session.get_one(CampaignPlayer, (uuid.UUID(game.id), 2))).inactive = True
    await session.flush()
    ruling = {"report": result("attacker_victory", 0, 30)}
    r = await act(client, game, game.owner.headers, battle["id"], "arbitrate", ruling)
    assert r.status_code == 200, r.text
    assert (r.json()["status"], r.json()["report"]["arbitrated"]) == ("confirmed", True)
    assert await where(session, game, a1) == (5, 1, 1)
    assert (await get_battle(client, game, p1, battle["id"]))["status"] == "confirmed"
