"""What an imported document must hold for the server to play it (R-CAMP-9).

The schema (app/play/transfer/schemas.py) checks each value's type and column range; the engine
trusts its state beyond that (a tier indexes the ruleset's tiers, a capital names a city, an
army's general names a general that leads it, a coordinate is a tile), so a document that
breaks such an invariant would be accepted and fail later, at a read or at every turn change.
These checks run on the document as plain JSON before anything is written, and name each fault
by its JSON pointer in the request (`/document/state/tables/armies/3/tier`).

The bounds are what the largest default campaign could hold several times over: one structure
per tile, a few armies, generals and ships per tile, as many battles in a turn as tiles, gold
far above what 1,000 turns of the richest faction could save.
"""

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from app.platform.i18n import _
from app.platform.i18n.kept import kept_fault
from app.rules.ids import entity_counter
from app.rules.ruleset import LONGEST_PATH, Ruleset
from app.rules.state import StructureKind
from app.store.persistence.events import TEXTS

# Gold a seat, a stake, an order or a ledger line may carry: a seat earns tens of gold a turn;
# far below the 64-bit sums a turn change adds up, so no income can overflow them.
MAX_GOLD = 10**9
# Turn counters of a seat (victories, infamy, missed turns, the faction action's turn).
MAX_COUNTER = 1_000_000
# Free-form JSON (battle sides, reports, summary lines, storms, memories) nests a few levels.
MAX_DEPTH = 32
# Per tile of the map: armies, generals (free ones and prisoners too), ships.
ARMIES_PER_TILE = 4
GENERALS_PER_TILE = 8
SHIPS_PER_TILE = 4
# Tiles of a move order's path: the longest any ruleset's movement allows (R-MOVE-1).
MAX_PATH = LONGEST_PATH
# Reported at most, the first ones in document order.
MAX_FAULTS = 20
LOBBY = "lobby"

Fault = tuple[str, str]
Row = Mapping[str, Any]


class _Faults:
    def __init__(self) -> None:
        self.items: list[Fault] = []

    def add(self, path: str, message: str) -> None:
        if len(self.items) < MAX_FAULTS:
            self.items.append((path, message))


def document_faults(body: Mapping[str, Any], ruleset: Ruleset) -> list[Fault]:
    """Every fault (JSON pointer, message) of an import request's `document`, at most
    `MAX_FAULTS`; an empty list: the server can play it."""
    faults = _Faults()
    doc = body["document"]
    tiles = {(t["q"], t["r"]) for t in doc["map"]["tiles"]}
    seats = {s["number"] for s in doc["seats"]}
    state = doc["state"]
    turn = state["campaign"]["turn"]
    if state["campaign"]["status"] == LOBBY:
        _check_lobby(doc, faults)
    elif turn < 1:
        faults.add("/document/state/campaign/turn", _("a running campaign is at turn 1 or later"))
    for index, seat in enumerate(doc["seats"]):
        _check_seat(seat, f"/document/seats/{index}", state["tables"], faults)
    salt = doc["campaign"]["id_salt"]
    counters: dict[int, int] = {}  # each id's counter, shared by all the document's states
    _check_state(state, "/document/state", tiles, seats, ruleset, turn, faults)
    _check_counter(state, "/document/state", salt, counters, faults)
    for index, record in enumerate(doc["turns"]):
        kept = record["state"]
        if kept is None:
            continue
        path = f"/document/turns/{index}/state"
        if kept["campaign"]["turn"] != record["number"]:
            faults.add(f"{path}/campaign/turn", _("not the turn this state ended"))
        numbers = {p["number"] for p in kept["players"]}
        if numbers != seats:
            faults.add(f"{path}/players", _("not the document's seats"))
        for i, player in enumerate(kept["players"]):
            _check_seat(player, f"{path}/players/{i}", kept["tables"], faults)
        _check_state(kept, path, tiles, seats, ruleset, record["number"], faults)
        _check_counter(kept, path, salt, counters, faults)
    for part in ("turns", "rollbacks"):
        for index, record in enumerate(doc[part]):
            for seat, lines in record["summaries"].items():
                at = f"/document/{part}/{index}/summaries/{_escape(str(seat))}"
                _check_kept_lines(lines, at, faults)
    for index, line in enumerate(doc["ledger"]):
        if abs(line["amount"]) > MAX_GOLD:
            faults.add(f"/document/ledger/{index}/amount", _("beyond ±{most}", most=MAX_GOLD))
        if line["player"] not in seats:
            faults.add(f"/document/ledger/{index}/player", _("no such seat"))
        if line["turn"] > turn:
            faults.add(f"/document/ledger/{index}/turn", _("after the current turn"))
        if line.get("reason_text") is not None:
            _check_kept(line["reason_text"], f"/document/ledger/{index}/reason_text", faults)
    return faults.items


def _check_kept(form: Any, path: str, faults: _Faults) -> None:
    """A kept text names one of the server's texts, with its parameters (`app.platform.i18n.kept`):
    never a template of the document's own, which reading would fill in."""
    fault = kept_fault(form, path)
    if fault is not None:
        faults.add(*fault)


def _check_kept_lines(lines: Any, path: str, faults: _Faults) -> None:
    for index, line in enumerate(lines if isinstance(lines, list) else ()):
        _check_kept_line(line, f"{path}/{index}", faults)


def _check_kept_line(line: Any, path: str, faults: _Faults) -> None:
    """The kept texts of a summary line (`app.store.persistence.events.TEXTS`, by key)."""
    texts = line.get(TEXTS) if isinstance(line, dict) else None
    if texts is None:
        return
    if not isinstance(texts, dict):
        faults.add(f"{path}/{TEXTS}", _("not an object of texts by key"))
        return
    for key, form in texts.items():
        _check_kept(form, f"{path}/{TEXTS}/{_escape(str(key))}", faults)


_ALL_BUT_BRACKETS_AND_QUOTES = bytes(b for b in range(256) if b not in b'[]{}"')
_BRACES_AS_BRACKETS = bytes.maketrans(b"{}", b"[]")  # in valid JSON, nesting is nesting
_STRING_LEFT = re.compile(rb'"[^"]*"')  # a string once only its quotes and brackets are left


def json_nests_at_most(text: bytes, levels: int) -> bool:
    """Whether the valid JSON `text` nests at most `levels` arrays and objects deep.

    A cheap proof for the common document, worked by `re` and `bytes` in C rather than by a
    Python step per value. Escaped backslashes, then escaped quotes are dropped (a backslash
    is found in strings alone, and pairs from the left), then all but quotes and brackets (an
    object's braces become an array's brackets), then the strings: first two quotes side by
    side (an empty string, or two strings with nothing left between them: one string still),
    a plain replace for the millions of keys and values without brackets, then by `re`
    those left, now quotes around brackets; each pass then drops the containers left empty
    (the innermost), as many passes as the nesting."""
    if b"\\" in text:
        text = text.replace(b"\\\\", b"").replace(b'\\"', b"")
    kept = text.translate(_BRACES_AS_BRACKETS, _ALL_BUT_BRACKETS_AND_QUOTES)
    brackets = _STRING_LEFT.sub(b"", kept.replace(b'""', b""))
    for _pass in range(levels):
        if not brackets:
            return True
        brackets = brackets.replace(b"[]", b"")  # one scan, as `re` would: no new pair dropped
    return not brackets


def too_deep(value: Any, path: str) -> Fault | None:
    """The pointer of the first value nested deeper than MAX_DEPTH, walked without recursion
    (on the validated models: serializing one nested some 250 levels deep fails).

    Only containers are walked, each with a link to its parent (the pointer is spelled out
    for the fault alone): the document's millions of scalars are never visited."""
    stack: list[tuple[Any, Any, int]] = [(value, None, 0)]
    while stack:
        item, link, depth = stack.pop()
        if isinstance(item, BaseModel):
            item = item.__dict__
        children: Iterable[tuple[Any, Any]]
        if isinstance(item, dict):
            children = item.items()
        elif isinstance(item, list):
            children = enumerate(item)
        else:
            continue
        if depth == MAX_DEPTH:  # any value in it is one level too deep: its last, walked first
            inside = list(children)
            if not inside:
                continue
            return _pointer(path, (link, inside[-1][0])), _(
                "nested deeper than {most} levels", most=MAX_DEPTH
            )
        stack.extend(
            (v, (link, k), depth + 1) for k, v in children if isinstance(v, dict | list | BaseModel)
        )
    return None


def _pointer(path: str, link: Any) -> str:
    """The JSON pointer of a value from its chain of (parent link, key) pairs."""
    keys = []
    while link is not None:
        link, key = link
        keys.append(key)
    return path + "".join(f"/{_escape(str(k))}" for k in reversed(keys))


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _check_lobby(doc: Mapping[str, Any], faults: _Faults) -> None:
    """A campaign in its lobby has no world yet: it is made when the campaign starts."""
    state = doc["state"]
    for name, rows in state["tables"].items():
        if rows:
            faults.add(f"/document/state/tables/{name}", _("a campaign in its lobby has no world"))
    if state["orders"]:
        faults.add("/document/state/orders", _("a campaign in its lobby has no orders"))
    for part in ("turns", "rollbacks", "ledger"):
        if doc[part]:
            faults.add(f"/document/{part}", _("a campaign in its lobby has not been played"))
    if state["campaign"]["storms"]:
        faults.add("/document/state/campaign/storms", _("a campaign in its lobby has no storms"))


def _check_seat(seat: Row, path: str, tables: Mapping[str, Any], faults: _Faults) -> None:
    if not 0 <= seat["gold"] <= MAX_GOLD:
        faults.add(f"{path}/gold", _("not within 0…{most}", most=MAX_GOLD))
    for name in ("action_available_turn", "victories", "infamy", "missed_turns", "missed_in_row"):
        if name in seat and not 0 <= seat[name] <= MAX_COUNTER:
            faults.add(f"{path}/{name}", _("not within 0…{most}", most=MAX_COUNTER))
    capital = seat["capital_id"]
    if capital is not None:
        city = next((s for s in tables["structures"] if s["id"] == capital), None)
        if city is None:
            faults.add(f"{path}/capital_id", _("no such structure"))
        elif city["kind"] != StructureKind.CITY or city["owner"] != seat["number"]:
            faults.add(f"{path}/capital_id", _("not a city of this seat"))


def _by_id(rows: Sequence[Row], path: str, faults: _Faults) -> dict[int, Row]:
    out: dict[int, Row] = {}
    for index, row in enumerate(rows):
        if row["id"] < 1:
            faults.add(f"{path}/{index}/id", _("ids are 1 or more"))
        if row["id"] in out:
            faults.add(f"{path}/{index}/id", _("two rows of one id"))
        out[row["id"]] = row
    return out


def _check_state(
    state: Mapping[str, Any],
    path: str,
    tiles: set[tuple[int, int]],
    seats: set[int],
    ruleset: Ruleset,
    turn: int,
    faults: _Faults,
) -> None:
    t = state["tables"]
    at = f"{path}/tables"
    bounds = {
        "structures": len(tiles),
        "armies": ARMIES_PER_TILE * len(tiles),
        "generals": GENERALS_PER_TILE * len(tiles),
        "ships": SHIPS_PER_TILE * len(tiles),
        "sieges": len(tiles),
        "treaties": 4 * len(seats) ** 2,
        "stakes": len(tiles),
    }
    for name, most in bounds.items():
        if len(t[name]) > most:
            faults.add(
                f"{at}/{name}",
                _("more than {most} rows on a map of {tiles} tiles", most=most, tiles=len(tiles)),
            )
    structures = _by_id(t["structures"], f"{at}/structures", faults)
    armies = _by_id(t["armies"], f"{at}/armies", faults)
    generals = _by_id(t["generals"], f"{at}/generals", faults)
    ships = _by_id(t["ships"], f"{at}/ships", faults)
    battles = _by_id(t["battles"], f"{at}/battles", faults)
    treaties = _by_id(t["treaties"], f"{at}/treaties", faults)
    _check_shared_ids(
        {"structures": structures, "armies": armies, "generals": generals, "ships": ships},
        at,
        faults,
    )
    _check_places(t, at, tiles, faults)
    _check_structures(t["structures"], f"{at}/structures", seats, turn, faults)
    _check_armies(t["armies"], f"{at}/armies", structures, generals, ships, ruleset, turn, faults)
    _check_generals(t["generals"], f"{at}/generals", armies, seats, faults)
    for index, ship in enumerate(t["ships"]):
        army = armies.get(ship["army_id"]) if ship["army_id"] is not None else None
        if ship["army_id"] is not None and (army is None or army["ship_id"] != ship["id"]):
            faults.add(f"{at}/ships/{index}/army_id", _("no army aboard by that id"))
    for index, siege in enumerate(t["sieges"]):
        if siege["id"] not in structures:
            faults.add(f"{at}/sieges/{index}/id", _("no such structure"))
        if siege["army_id"] not in armies:
            faults.add(f"{at}/sieges/{index}/army_id", _("no such army"))
        if not 0 <= siege["draws"] <= MAX_COUNTER:
            faults.add(f"{at}/sieges/{index}/draws", _("not within 0…{most}", most=MAX_COUNTER))
    for index, treaty in enumerate(treaties.values()):
        _check_treaty(treaty, f"{at}/treaties/{index}", seats, turn, faults)
    for index, stake in enumerate(t["stakes"]):
        where = f"{at}/stakes/{index}"
        if stake["battle_id"] not in battles:
            faults.add(f"{where}/battle_id", _("no such battle"))
        if not 0 <= stake["amount"] <= MAX_GOLD:
            faults.add(f"{where}/amount", _("not within 0…{most}", most=MAX_GOLD))
        for side in ("winner", "loser"):
            if stake[side] not in seats:
                faults.add(f"{where}/{side}", _("no such seat"))
    _check_battles(t["battles"], f"{at}/battles", len(tiles), seats, turn, faults)
    for index, edict in enumerate(t["edicts"]):
        if edict["turn"] > turn:
            faults.add(f"{at}/edicts/{index}/turn", _("after the current turn"))
    _check_orders(state["orders"], f"{path}/orders", tiles, seats, armies, structures, turn, faults)
    for index, row in enumerate(t["pending_summary_events"]):
        _check_kept_line(row["event"], f"{at}/pending_summary_events/{index}/event", faults)
    for index, storm in enumerate(state["campaign"]["storms"]):
        if not isinstance(storm, list) or not storm or not all(_coord(c) in tiles for c in storm):
            faults.add(f"{path}/campaign/storms/{index}", _("not a list of the map's tiles"))


# The tables whose ids the engine gives from the campaign's counter (app/rules/ids.py).
_NUMBERED = ("structures", "armies", "generals", "ships", "battles", "treaties")


def _check_counter(
    state: Mapping[str, Any], path: str, salt: int, counters: dict[int, int], faults: _Faults
) -> None:
    """The counter is past every id it gave: behind one, the engine would give that id again
    (the next army raised or battle declared failing the turn change on a duplicate key).
    `counters`: each id's counter, worked out once for all the document's states (the same
    entities stand in many turns)."""
    latest: tuple[int, int] | None = None  # (counter, id) of the last entity made
    for name in _NUMBERED:
        for row in state["tables"][name]:
            entity = row.get("id")
            if not isinstance(entity, int):
                continue
            counter = counters.get(entity)
            if counter is None:
                counter = counters[entity] = entity_counter(salt, entity)
            if latest is None or counter > latest[0]:
                latest = (counter, entity)
    if latest is not None and latest[0] >= state["campaign"]["next_id"]:
        faults.add(
            f"{path}/campaign/next_id",
            _("behind the ids of the world: it would give id {id} again", id=latest[1]),
        )


def _coord(value: Any) -> tuple[int, int] | None:
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        return (value[0], value[1])
    return None


def _check_shared_ids(tables: Mapping[str, Mapping[int, Row]], at: str, faults: _Faults) -> None:
    """One id names one thing: the engine numbers structures, armies, generals and ships from
    one counter."""
    seen: Counter[int] = Counter()
    for rows in tables.values():
        seen.update(rows.keys())
    shared = {i for i, n in seen.items() if n > 1}
    for name, rows in tables.items():
        for index, row_id in enumerate(rows):
            if row_id in shared:
                faults.add(f"{at}/{name}/{index}/id", _("an id another row of the world has"))


def _check_places(
    tables: Mapping[str, Any], at: str, tiles: set[tuple[int, int]], faults: _Faults
) -> None:
    for name in ("structures", "armies", "ships", "battles"):
        for index, row in enumerate(tables[name]):
            if (row["q"], row["r"]) not in tiles:
                faults.add(f"{at}/{name}/{index}/q", _("not a tile of the map"))
    where: dict[tuple[int, int], int] = {}
    for index, row in enumerate(tables["structures"]):
        if where.setdefault((row["q"], row["r"]), index) != index:
            faults.add(f"{at}/structures/{index}/q", _("a tile holds one structure"))


def _check_structures(
    rows: Sequence[Row], at: str, seats: set[int], turn: int, faults: _Faults
) -> None:
    kinds = {k.value for k in StructureKind}
    for index, row in enumerate(rows):
        where = f"{at}/{index}"
        if row["kind"] not in kinds:
            faults.add(f"{where}/kind", _("no such kind of structure"))
        top = 2 if row["kind"] == StructureKind.CITY else 1
        if not 1 <= row["level"] <= top:
            faults.add(f"{where}/level", _("not within 1…{most}", most=top))
        if row["built_by"] is not None and row["built_by"] not in seats:
            faults.add(f"{where}/built_by", _("no such seat"))
        if not 0 <= row["since_turn"] <= turn:
            faults.add(f"{where}/since_turn", _("not within 0 and the current turn"))


def _check_armies(
    rows: Sequence[Row],
    at: str,
    structures: Mapping[int, Row],
    generals: Mapping[int, Row],
    ships: Mapping[int, Row],
    ruleset: Ruleset,
    turn: int,
    faults: _Faults,
) -> None:
    led: dict[int, int] = {}
    for index, army in enumerate(rows):
        where = f"{at}/{index}"
        if not 1 <= army["tier"] <= ruleset.max_tier:
            faults.add(
                f"{where}/tier", _("not a tier of the ruleset (1…{most})", most=ruleset.max_tier)
            )
        general_id = army["general_id"]
        if general_id is not None:
            general = generals.get(general_id)
            if general is None:
                faults.add(f"{where}/general_id", _("no such general"))
            elif general["owner"] != army["owner"] or general["army_id"] != army["id"]:
                faults.add(f"{where}/general_id", _("a general who does not lead this army"))
            if led.setdefault(general_id, index) != index:
                faults.add(f"{where}/general_id", _("a general who leads another army"))
        seat = army["seat_id"]
        if seat is not None and structures.get(seat, {}).get("kind") != StructureKind.CITY:
            faults.add(f"{where}/seat_id", _("no such city"))
        ship_id = army["ship_id"]
        if ship_id is not None and ships.get(ship_id, {}).get("army_id") != army["id"]:
            faults.add(f"{where}/ship_id", _("no ship carrying this army"))
        if not 0 <= army["raised_turn"] <= turn:
            faults.add(f"{where}/raised_turn", _("not within 0 and the current turn"))


def _check_generals(
    rows: Sequence[Row], at: str, armies: Mapping[int, Row], seats: set[int], faults: _Faults
) -> None:
    for index, general in enumerate(rows):
        where = f"{at}/{index}"
        army_id = general["army_id"]
        if army_id is not None and armies.get(army_id, {}).get("general_id") != general["id"]:
            faults.add(f"{where}/army_id", _("no army led by this general"))
        if general["held_by"] is not None and general["held_by"] not in seats:
            faults.add(f"{where}/held_by", _("no such seat"))


def _check_treaty(treaty: Row, at: str, seats: set[int], turn: int, faults: _Faults) -> None:
    for side in ("a", "b"):
        if treaty[side] not in seats:
            faults.add(f"{at}/{side}", _("no such seat"))
    if treaty["a"] == treaty["b"]:
        faults.add(f"{at}/b", _("a treaty of a seat with itself"))
    # Its cities may be gone (razed, taken): the route then yields nothing (app.rules.economy).
    if not 0 <= treaty["since_turn"] <= turn:
        faults.add(f"{at}/since_turn", _("not within 0 and the current turn"))


def _check_battles(
    rows: Sequence[Row], at: str, tiles: int, seats: set[int], turn: int, faults: _Faults
) -> None:
    # Several battles may share a tile and a turn (three players meet): only their number is
    # bounded, one a tile in a turn.
    per_turn: Counter[int] = Counter()
    for index, battle in enumerate(rows):
        where = f"{at}/{index}"
        if not 1 <= battle["turn"] <= turn:
            faults.add(f"{where}/turn", _("not within 1 and the current turn"))
        per_turn[battle["turn"]] += 1
        for side in ("attacker", "defender"):
            players = battle[side].get("players") if isinstance(battle[side], dict) else None
            if not isinstance(players, list) or not set(players) <= seats:
                faults.add(f"{where}/{side}/players", _("not the document's seats"))
    crowded = sorted(n for n, count in per_turn.items() if count > tiles)
    if crowded:
        faults.add(
            at,
            _(
                "more than {tiles} battles (one a tile) in turn {turn}",
                tiles=tiles,
                turn=crowded[0],
            ),
        )


def _check_orders(
    rows: Sequence[Row],
    at: str,
    tiles: set[tuple[int, int]],
    seats: set[int],
    armies: Mapping[int, Row],
    structures: Mapping[int, Row],
    turn: int,
    faults: _Faults,
) -> None:
    _by_id(rows, at, faults)
    needs_army = {"move", "upgrade", "entrench"}
    for index, order in enumerate(rows):
        where = f"{at}/{index}"
        if order["turn"] != turn:
            faults.add(f"{where}/turn", _("not the turn of this state"))
        if order["player"] not in seats:
            faults.add(f"{where}/player", _("no such seat"))
        army_id = order["army_id"]
        if order["kind"] in needs_army and army_id is None:
            faults.add(f"{where}/army_id", _("this order needs an army"))
        if army_id is not None and armies.get(army_id, {}).get("owner") != order["player"]:
            faults.add(f"{where}/army_id", _("no army of this player"))
        if order["kind"] == "raise":
            city = structures.get(order["target_id"] or 0, {})
            if city.get("kind") != StructureKind.CITY or city.get("owner") != order["player"]:
                faults.add(f"{where}/target_id", _("no city of this player"))
        if order["kind"] == "build" and (order["q"], order["r"]) not in tiles:
            faults.add(f"{where}/q", _("not a tile of the map"))
        if not 0 <= order["cost"] <= MAX_GOLD:
            faults.add(f"{where}/cost", _("not within 0…{most}", most=MAX_GOLD))
        path = order["path"]
        if order["kind"] == "move":
            steps = path if isinstance(path, list) else []
            if not steps or len(steps) > MAX_PATH or any(_coord(c) not in tiles for c in steps):
                faults.add(f"{where}/path", _("not 1…{most} tiles of the map", most=MAX_PATH))


def pointers(faults: Iterable[Fault]) -> Iterator[dict[str, str]]:
    """The faults as the problem's `violations`."""
    for path, message in faults:
        yield {"path": path, "message": message}
