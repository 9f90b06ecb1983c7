"""A replay's CPU work, from plain data to bytes: what a replay worker process runs
(app/play/pictures/rendering.py), with no database, no request and no campaign row.

The request reads the snapshot (`snapshots.SnapshotParts`: the document as stored and the
viewer's memory alone) and hands it over with who looks (`visibility.Viewer`, after the end
made the game master's) and the campaign's plain settings; here the snapshot becomes the
engine's state, the viewer's sight at that time is computed, and `world_map_json` or
`map_svg` builds the document through the visibility module, exactly as the live map does.
What comes back is the finished document: nothing else leaves the worker.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass

from app.platform.i18n import Language, _
from app.play.pictures.svg import MapPicture, map_svg
from app.play.world.service import world_map, world_map_json
from app.rules import fog, visibility
from app.rules.fog import Visibility
from app.rules.hexgrid import Coord
from app.rules.maps import map_from_dict
from app.rules.ruleset import Ruleset
from app.rules.state import CampaignState, MapData, Options
from app.store.persistence import snapshots
from app.store.persistence.static import maps


@dataclass(frozen=True)
class ReplayJob:
    """Everything one replay is rendered from, as plain (picklable) data."""

    number: int
    viewer: visibility.Viewer  # who looks, `visibility.after_the_end` applied
    parts: snapshots.SnapshotParts  # the snapshot as stored, with the viewer's memory alone
    seats: tuple[int, ...]  # the seats whose memory `parts` holds
    map_id: uuid.UUID
    options: Options
    id_salt: int
    ruleset: Ruleset
    picture: bool  # the SVG picture; False: the `WorldMap` JSON document
    coordinates: bool = False  # the picture writes each tile's `q,r`
    language: Language = "en"  # the picture's words
    map_text: str | None = None  # the stored map, sent once the worker said it lacks it


@dataclass(frozen=True)
class _Look:
    """The viewer's look at the snapshot's state (`app.play.world.service.Look`)."""

    state: CampaignState
    viewer: visibility.Viewer

    @property
    def player(self) -> int | None:
        return self.viewer.seat if visibility.plays(self.viewer, self.state) else None

    def fog(self, coord: Coord) -> Visibility:
        return visibility.tile_state(self.viewer, self.state, coord)


def _game_map(job: ReplayJob) -> MapData | None:
    """The job's map, parsed once per process; None if neither cached nor sent."""
    found = maps.get(job.map_id)
    if found is None and job.map_text is not None:
        found = map_from_dict(json.loads(job.map_text))
        maps.put(job.map_id, found)
    return found


def render(job: ReplayJob) -> bytes | None:
    """The replay's JSON document or SVG picture; None: send the map (`map_text`) along."""
    game_map = _game_map(job)
    if game_map is None:
        return None
    document = snapshots.snapshot_document(job.parts, job.seats)
    state = snapshots.state_of_document(document, game_map, job.options, job.id_salt)
    looking = visibility.seeing(job.viewer, state, lambda seat: fog.sight(state, seat, job.ruleset))
    look = _Look(state, looking)
    if not job.picture:
        return world_map_json(look)
    orders = snapshots.orders_from_document(document)
    moves = [
        (state.armies[army_id].coord, move.path)
        for army_id, move in sorted(orders.moves.items())
        if army_id in state.armies
        and visibility.own_or_master(looking, state.armies[army_id].owner)
    ]
    battles = [b.coord for b in state.battles.values() if visibility.battle_seen_in(looking, b)]
    player = look.player
    caption = (
        _("Turn {number}, as it ended", number=job.number)
        if player is not None
        else _("Turn {number}, as it ended (no fog)", number=job.number)
    )
    picture = MapPicture(
        world=world_map(look),
        viewer=player,
        moves=moves,
        battles=battles,
        pending_battles=len(state.battles),
        coordinates=job.coordinates,
        caption=caption,
        language=job.language,
    )
    return map_svg(picture).encode()
