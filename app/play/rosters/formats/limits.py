"""The bounds of an army list: one set for every way a list enters or leaves the server.

An upload's parsed list is checked against `ListShape` before it is stored (`model.finish`),
and the campaign document (`app.play.transfer.schemas`) types its lists with the same shapes and
field types, so every list the upload accepts exports, and imports back (issue 42: a unit of
10,000 models at 1,000 points each was accepted, and its owner's export then failed). A bound
changes here, for both, or not at all.
"""

from collections.abc import Sequence
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from app.platform.fields import NameText

MAX_FILE_BYTES = 256 * 1024  # an uploaded file, before any decompression
MAX_UNCOMPRESSED_BYTES = 2 * 1024 * 1024  # the XML inside a .rosz
MAX_UNITS = 300
MAX_NAME_CHARS = 200
MAX_OPTIONS_CHARS = 1000
MAX_POINTS = 1_000_000  # a unit's or a list's points
MAX_MODELS = 1_000_000  # a unit's models (and those it lost): the document's bound since issue 30
MAX_ENTRY_MODELS = 10_000  # one entry of a file: a unit's strength, a selection's number
MAX_WARNINGS = 20
MAX_WARNING_CHARS = 500

Name = Annotated[NameText, Field(max_length=MAX_NAME_CHARS)]
Options = Annotated[NameText, Field(max_length=MAX_OPTIONS_CHARS)]
Points = Annotated[int, Field(ge=0, le=MAX_POINTS)]
Models = Annotated[int, Field(ge=0, le=MAX_MODELS)]
WarningText = Annotated[NameText, Field(max_length=MAX_WARNING_CHARS)]


class UnitShape(BaseModel):
    """A unit of a list, as the server keeps it."""

    model_config = ConfigDict(extra="forbid")

    name: Name
    count: Models
    points: Points
    options: Options
    general: bool


class ListShape(BaseModel):
    """A list's small shape, as the server keeps it (but its format, file and upload time)."""

    model_config = ConfigDict(extra="forbid")

    name: Name
    faction: Name
    game_system: Name
    total_points: Points
    general_points: Points
    units: Sequence[UnitShape] = Field(max_length=MAX_UNITS)
    warnings: list[WarningText] = Field(max_length=MAX_WARNINGS)
