"""The battle pack over HTTP (issue 47, R-PACK): each side's pack as JSON and as a PDF, what
each reader is told (R-PACK-3), and that a pack is the same every time (R-PACK-2).

Skirmish map: player 1 (Empire) at (4, 1) attacks player 2 (Orcs & Goblins) on (5, 1); both
attach a list before the battle is declared.
"""

import io
from typing import Any

from httpx import AsyncClient
from pypdf import PdfReader
from sqlalchemy.ext.asyncio import AsyncSession

from app.play.packs.pdf import clean
from tests.factories.flows import Game, MakeUser, start_game
from tests.factories.rosters import battle_with_lists

EMPIRE_WORDS = ("Border patrol", "State Troops", "General of the Empire")
ORC_WORDS = ("Ladz", "Orc Warboss", "Orc Mob")


async def _pack(client: AsyncClient, game: Game, who: Any, battle_id: int) -> dict[str, Any]:
    r = await client.get(game.url(f"/battles/{battle_id}/pack"), headers=who.headers)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


async def _pdf_text(
    client: AsyncClient, game: Game, who: Any, battle_id: int, **params: str
) -> tuple[str, int]:
    r = await client.get(
        game.url(f"/battles/{battle_id}/pack.pdf"), headers=who.headers, params=params
    )
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(r.content))
    return "\n".join(page.extract_text() for page in reader.pages), len(reader.pages)


async def _battle(client: AsyncClient, session: AsyncSession, game: Game) -> tuple[int, int, int]:
    battle, a1, a2 = await battle_with_lists(client, session, game)
    return battle["id"], a1, a2


async def test_R_PACK_3_each_side_sees_its_own_list_and_never_the_enemys(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    bid, a1, a2 = await _battle(client, session, game)
    # The Orc Warboss (130) exceeds a tier-1 general's 100 points (R-ARMY-4).
    for me, mine, theirs, own_army, enemy_army, fits in (
        (p1, EMPIRE_WORDS, ORC_WORDS, a1, a2, True),
        (p2, ORC_WORDS, EMPIRE_WORDS, a2, a1, False),
    ):
        pack = await _pack(client, game, me, bid)
        body = str(pack)
        assert all(w in body for w in mine), body
        assert not any(w in body for w in theirs), body
        own = next(s for s in pack["sides"] if s["side"] == pack["your_side"])
        enemy = next(s for s in pack["sides"] if s["side"] != pack["your_side"])
        assert own["in_full"]
        assert not enemy["in_full"]
        [army] = enemy["armies"]
        assert army["army_id"] == enemy_army
        assert (army["roster"], army["fits"], army["general_id"], army["battles_fought"]) == (
            None, None, None, None,
        )  # fmt: skip
        assert army["tier"] == 1
        assert army["size"] == "small"
        [mine_army] = own["armies"]
        assert mine_army["army_id"] == own_army
        assert mine_army["fits"] is fits
        assert mine_army["general_id"] is not None
        assert mine_army["battles_fought"] == 0
        text, pages = await _pdf_text(client, game, me, bid)
        assert pages == 1
        assert all(w in text for w in mine), text
        assert not any(w in text for w in theirs), text


async def test_R_PACK_3_the_game_master_sees_both_sides_on_two_pages(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user, owner_plays=False)
    bid, _a1, _a2 = await _battle(client, session, game)
    pack = await _pack(client, game, game.owner, bid)
    assert pack["your_side"] is None
    assert [s["in_full"] for s in pack["sides"]] == [True, True]
    text, pages = await _pdf_text(client, game, game.owner, bid, paper="letter")
    assert pages == 2
    assert all(w in text for w in EMPIRE_WORDS + ORC_WORDS), text


async def test_R_PACK_2_a_pack_is_the_same_every_time_and_cites_its_seed(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, p2 = game.players
    bid, _a1, _a2 = await _battle(client, session, game)
    first = await _pack(client, game, p1, bid)
    assert first == await _pack(client, game, p1, bid)
    other = await _pack(client, game, p2, bid)
    assert other["field"] == first["field"]  # both sides set up the same table
    seed = first["field"]["seed"]
    assert len(seed) == 16
    assert int(seed, 16) >= 0
    text, _ = await _pdf_text(client, game, p1, bid)
    assert seed in text
    assert f"/campaigns/{game.id}/battles/{bid}" == first["report_path"]


async def test_R_PACK_1_the_field_of_a_skirmish_battle(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, _p2 = game.players
    bid, _a1, _a2 = await _battle(client, session, game)
    pack = await _pack(client, game, p1, bid)
    field = pack["field"]
    assert field["kind"] == "field"
    assert field["battle_kind"] == "field"
    assert field["table"] == {"width": 72, "depth": 48}
    assert field["game_system"] == "old_world"
    assert field["scenario"]["name"] == "Upon the Field of Glory"
    assert field["zones"] == [{"side": "attacker", "depth": 12}, {"side": "defender", "depth": 12}]
    assert pack["stakes"]["attacker_victory"] == ["defender_retreats", "winner_moves_in"]
    assert pack["stakes"]["gold"]["attacker_victory"] == 10
    [attacker, defender] = pack["sides"]
    assert attacker["points"] > 0
    assert defender["points"] > 0
    for piece in field["pieces"]:
        assert 0 <= piece["x"] <= 72
        assert 0 <= piece["y"] <= 48


async def test_R_PACK_3_the_pdf_is_in_the_readers_language(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, _p2 = game.players
    bid, _a1, _a2 = await _battle(client, session, game)
    r = await client.get(
        game.url(f"/battles/{bid}/pack.pdf"), headers={**p1.headers, "Accept-Language": "fr"}
    )
    assert r.status_code == 200
    assert r.headers["content-language"] == "fr"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(r.content)).pages)
    assert "Dossier de bataille" in text, text
    assert "Attaquant" in text, text


def test_R_PACK_3_the_pdf_prints_no_control_text_and_cuts_long_text() -> None:
    assert clean("a\u202eb\u200bc\x1b[31m\x00d\ne") == "a b c [31m d e"
    assert clean("x" * 500) == "x" * 79 + "…"
    assert clean("Ωmega ☠ Müller") == "?mega ? Müller"  # Helvetica's Windows-1252 only
