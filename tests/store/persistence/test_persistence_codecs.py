"""Every engine entity survives its codec (app/store/persistence): engine value → row or JSON →
engine value is the identity, through each path the server stores it by (the live tables, the ORM
rows, the snapshots' and exports' JSON documents). No database needed."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from typing import Any

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.platform.db.base import table_of
from app.rules.state import (
    Army,
    Battle,
    BattleKind,
    BattleSide,
    General,
    PendingStake,
    Player,
    SeenTile,
    Ship,
    Siege,
    Storm,
    Structure,
    StructureKind,
    Treaty,
    TreatyKind,
)
from app.store.models.campaign import CampaignPlayer
from app.store.models.world import (
    ArmyRow,
    BattleRow,
    BattleStatus,
    GeneralRow,
    ShipRow,
    SiegeRow,
    StakeRow,
    StructureRow,
    TreatyRow,
)
from app.store.persistence import snapshots
from app.store.persistence.codec import Attributes, Column, RowCodec
from app.store.persistence.entities import (
    ARMIES,
    BATTLES,
    GENERALS,
    PLAYER_UNWRITTEN,
    PLAYERS,
    SHIPS,
    SIEGES,
    STAKES,
    STRUCTURES,
    TREATIES,
    explored_from_json,
    explored_to_json,
    side_from_json,
    side_to_json,
    storms_from_json,
    storms_to_json,
)
from app.store.persistence.snapshots import decode_rows, encode_rows
from app.store.persistence.state import Decoded

ints = st.integers(min_value=-(2**31), max_value=2**31 - 1)
optional_ints = st.none() | ints
coords = st.tuples(ints, ints)
seen_tiles = st.builds(
    SeenTile,
    turn=ints,
    owner=optional_ints,
    structure=st.none() | st.sampled_from(StructureKind),
    level=ints,
    structure_id=optional_ints,
)
memories = st.dictionaries(coords, seen_tiles, max_size=8)
sides = st.builds(
    BattleSide,
    players=st.frozensets(ints, max_size=4),
    army_ids=st.lists(ints, max_size=4).map(tuple),
    leader_id=optional_ints,
    structure_id=optional_ints,
    entrenched=st.lists(ints, max_size=4).map(tuple),
)
storms = st.lists(coords, min_size=1, max_size=7).map(lambda tiles: Storm(tiles[0], tuple(tiles)))

ENTITIES: dict[str, st.SearchStrategy[Any]] = {
    "structure": st.builds(
        Structure,
        id=ints,
        kind=st.sampled_from(StructureKind),
        coord=coords,
        owner=ints,
        level=ints,
        is_capital=st.booleans(),
        also_port=st.booleans(),
        built_by=optional_ints,
        since_turn=ints,
    ),
    "army": st.builds(
        Army,
        id=ints,
        owner=ints,
        coord=coords,
        tier=ints,
        general_id=optional_ints,
        seat_id=optional_ints,
        ship_id=optional_ints,
        raised_turn=ints,
    ),
    "general": st.builds(
        General, id=ints, owner=ints, army_id=optional_ints, held_by=optional_ints
    ),
    "ship": st.builds(Ship, id=ints, owner=ints, coord=coords, army_id=optional_ints),
    "siege": st.builds(Siege, structure_id=ints, army_id=ints, draws=ints),
    "treaty": st.builds(
        Treaty,
        id=ints,
        kind=st.sampled_from(TreatyKind),
        a=ints,
        b=ints,
        since_turn=ints,
        ends_turn=optional_ints,
        city_a=optional_ints,
        city_b=optional_ints,
    ),
    "stake": st.builds(
        PendingStake,
        battle_id=ints,
        winner=ints,
        loser=ints,
        amount=st.integers(),
        rule=st.sampled_from(["R-BAT-7", "R-SIEGE-2"]),
    ),
    "battle": st.builds(
        Battle,
        id=ints,
        turn=ints,
        coord=coords,
        kind=st.sampled_from(BattleKind),
        attacker=sides,
        defender=sides,
        siege_draws=ints,
    ),
    "player": st.builds(
        Player,
        id=ints,
        faction=st.text(max_size=12),
        gold=st.integers(),
        capital_id=optional_ints,
        action_available_turn=ints,
        victories=ints,
        infamy=ints,
        inactive=st.booleans(),
        explored=memories,
    ),
}
# Each codec with the table it stores its entity in.
CODECS: dict[str, tuple[RowCodec[Any], Any]] = {
    "structure": (STRUCTURES, StructureRow),
    "army": (ARMIES, ArmyRow),
    "general": (GENERALS, GeneralRow),
    "ship": (SHIPS, ShipRow),
    "siege": (SIEGES, SiegeRow),
    "treaty": (TREATIES, TreatyRow),
    "stake": (STAKES, StakeRow),
    "battle": (BATTLES, BattleRow),
    "player": (PLAYERS, CampaignPlayer),
}
# Columns of a table that are not the engine's (who plays the seat, the battle's report).
NOT_THE_ENGINES = {"campaign_id"}
WHOLLY_THE_ENGINES = {"structure", "army", "general", "ship", "siege", "treaty"}


@pytest.mark.parametrize("name", sorted(ENTITIES))
@given(data=st.data())
def test_an_entity_reads_back_from_its_row(name: str, data: st.DataObject) -> None:
    codec, _ = CODECS[name]
    entity = data.draw(ENTITIES[name])
    assert codec.from_row(codec.to_row(entity)) == entity


@pytest.mark.parametrize("name", sorted(ENTITIES))
@given(data=st.data())
def test_an_entity_reads_back_from_its_orm_row(name: str, data: st.DataObject) -> None:
    codec, model = CODECS[name]
    entity = data.draw(ENTITIES[name])
    assert codec.from_object(model(**codec.to_row(entity))) == entity


@pytest.mark.parametrize("name", sorted(ENTITIES))
@given(data=st.data())
def test_an_entity_reads_back_from_a_snapshot_or_an_export(name: str, data: st.DataObject) -> None:
    # Snapshots and exports keep whole rows as JSON (encode_rows), restored by decode_rows.
    codec, model = CODECS[name]
    entity = data.draw(ENTITIES[name])
    stored = json.loads(json.dumps(encode_rows([codec.to_row(entity)])))
    assert codec.from_row(decode_rows(table_of(model), stored)[0]) == entity


@pytest.mark.parametrize("name", sorted(CODECS))
def test_every_column_a_codec_writes_is_a_column_of_its_table(name: str) -> None:
    codec, model = CODECS[name]
    columns = set(table_of(model).c.keys())
    assert set(codec.columns) <= columns
    if name in WHOLLY_THE_ENGINES:  # and it writes all of them
        assert set(codec.columns) == columns - NOT_THE_ENGINES


@given(ENTITIES["player"])
def test_a_player_reads_back_from_what_a_turn_change_writes_and_its_memory(player: Player) -> None:
    # save_state writes neither the faction nor the whole memory; load_state reads the seat
    # row and takes the memory from the world cache.
    written = PLAYERS.to_row(player, skip=PLAYER_UNWRITTEN)
    assert set(written).isdisjoint(PLAYER_UNWRITTEN)
    seat = {**written, "faction": player.faction}
    assert PLAYERS.from_row(seat, explored=player.explored) == player


@given(memories)
def test_an_explored_memory_reads_back_from_its_json(memory: dict[Any, SeenTile]) -> None:
    assert explored_from_json(json.loads(json.dumps(explored_to_json(memory)))) == memory


@given(st.lists(storms, max_size=4).map(tuple))
def test_storms_read_back_from_their_json(found: tuple[Storm, ...]) -> None:
    assert storms_from_json(json.loads(json.dumps(storms_to_json(found)))) == found


@given(sides)
def test_a_battle_side_reads_back_from_its_json(side: BattleSide) -> None:
    assert side_from_json(json.loads(json.dumps(side_to_json(side)))) == side


def test_a_column_a_stored_document_lacks_gives_the_fields_default() -> None:
    row = ARMIES.to_row(Army(id=3, owner=1, coord=(2, 5), tier=2, raised_turn=4))
    del row["raised_turn"], row["ship_id"]  # columns added after the document was written
    assert ARMIES.from_row(row) == Army(id=3, owner=1, coord=(2, 5), tier=2)
    del row["owner"]  # no default: a corrupt document, not a silent zero
    with pytest.raises(KeyError):
        ARMIES.from_row(row)


def test_a_field_of_a_type_with_no_declared_storage_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Carrying:
        id: int
        cargo: frozenset[int]

    with pytest.raises(TypeError, match="cargo"):
        RowCodec(Carrying)
    assert RowCodec(Carrying, cargo=Column("cargo")).columns == ("id", "cargo")


def test_an_orm_row_lacking_an_attribute_reads_as_a_missing_column() -> None:
    with pytest.raises(KeyError):
        Attributes(object())["owner"]


def test_a_packed_snapshot_document_unpacks_to_itself_as_json_dumps_would_write_it() -> None:
    """`pack` (orjson) writes what `json.dumps` does, non-ASCII as UTF-8, and an integer past
    64 bits by `json.dumps`; every document unpacks to itself."""
    plain = {"version": 1, "campaign": {"turn": 3, "storms": [[1, 2]]}, "x": [0.5, None, True]}
    named = {"name": "Élodie’s keep", "deep": {"a": [{"b": "ü"}]}}
    huge = {"gold": 2**70, "name": "ü"}
    assert snapshots.pack(plain) == json.dumps(plain, separators=(",", ":")).encode()
    assert snapshots.pack(named) == json.dumps(
        named, separators=(",", ":"), ensure_ascii=False
    ).encode("utf-8")
    assert snapshots.pack(huge) == json.dumps(huge, separators=(",", ":")).encode()
    for document in (plain, named, huge):
        assert snapshots.unpack(snapshots.pack(document)) == document


def test_a_document_keyed_by_the_state_tables_names_is_packed_by_orjson() -> None:
    """Their names are plain `str` (SQLAlchemy's `quoted_name`, a subclass, is refused as a
    key by orjson: `pack` fell back to `json.dumps`, ten times slower, for an import's turns)."""
    document = {"tables": {name: [{"id": 1, "name": "ü"}] for name in snapshots.WHOLE_TABLES}}
    assert orjson.dumps(document) == snapshots.pack(document)
    assert snapshots.unpack(snapshots.pack(document)) == document


def test_decoding_rows_copies_whole_rows_and_decodes_only_their_dates_ids_and_enums() -> None:
    """A row of the table's columns is copied and its dates and enums decoded; a column the
    document lacks stays out, and so does a key that is no column of the table."""
    table = table_of(BattleRow)
    whole = {
        "id": 7,
        "turn": 2,
        "status": "reported",
        "kind": "field",
        "play_by": "2026-01-02T03:04:05.000006+00:00",
        "auto_confirm_at": None,
        "report": {"outcome": "draw"},
    }
    lacking = {k: v for k, v in whole.items() if k != "status"}
    extra = {**whole, "no_such_column": 1}
    expected = {
        **whole,
        "status": BattleStatus.REPORTED,
        "play_by": datetime(2026, 1, 2, 3, 4, 5, 6, tzinfo=UTC),
    }
    assert decode_rows(table, [whole, lacking, extra]) == [
        expected,
        {k: v for k, v in expected.items() if k != "status"},
        expected,
    ]
    assert [list(row) for row in decode_rows(table, [whole, lacking])] == [
        list(whole),
        list(lacking),
    ]


def test_generals_read_are_decoded_when_looked_up_and_equal_the_eager_decoding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A state's generals (`Decoded`) decode a row the first time it is looked up: a read that
    shows one general of 170 decodes one; iterated or copied, it is the eager dict."""
    generals = [General(i, i % 17 + 1, i + 1_000 if i % 3 else None) for i in range(1, 171)]
    values = [[GENERALS.to_row(g)[c] for c in GENERALS.columns] for g in generals]
    rows = orjson.dumps(values).decode()  # as the driver hands a JSON column over
    eager = {g.id: g for g in generals}
    decoded: list[int] = []
    from_values = GENERALS.from_values

    def counting(values: Any) -> General:
        decoded.append(values[0])
        return from_values(values)

    monkeypatch.setattr(GENERALS, "from_values", counting)
    lazy = Decoded(rows, GENERALS)
    assert (len(lazy), 5 in lazy, 999 in lazy, list(lazy)) == (170, True, False, list(eager))
    assert decoded == []
    assert (lazy[5], lazy[5], lazy.get(999)) == (eager[5], eager[5], None)
    assert decoded == [5]
    assert dict(lazy) == eager
    assert lazy == eager
    assert sorted(decoded) == list(range(1, 171))
