"""Army-list parsers (issue 30): each format on a small export of its own, and hostile files.

The fixtures follow the shapes of the real exports: Old World Builder's "Export as JSON"
(`.owb.json`), New Recruit's roster JSON, BattleScribe's `.ros` XML (zipped: `.rosz`), and
plain text. Every refusal names the line or field (`RosterUnreadable.where`).
"""

import io
import json
import zipfile
from pathlib import Path

import pytest

from app.play.rosters.formats import (
    MAX_FILE_BYTES,
    RosterFormat,
    RosterUnit,
    RosterUnreadable,
    detect_format,
    parse_roster,
)
from app.play.rosters.formats.bounded import MAX_JSON_DEPTH
from app.play.rosters.formats.model import MAX_UNCOMPRESSED_BYTES

FIXTURES = Path(__file__).parent / "fixtures"


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def rosz(xml: bytes, name: str = "karaz.ros", method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=method) as archive:
        archive.writestr(name, xml)
    return buffer.getvalue()


def refused(data: bytes, fmt: RosterFormat | None = None) -> RosterUnreadable:
    with pytest.raises(RosterUnreadable) as caught:
        parse_roster(data, fmt)
    return caught.value


# ---------------------------------------------------------------------------------- formats


def test_old_world_builder_export_adds_models_and_active_choices() -> None:
    roster = parse_roster(fixture("reikland.owb.json"))
    assert (roster.format, roster.name, roster.faction, roster.game_system) == (
        RosterFormat.OWB,
        "Reikland border patrol",
        "empire-of-man",
        "the-old-world",
    )
    assert roster.units == (
        RosterUnit(
            "General of the Empire",
            1,
            85 + 2 + 6 + 18 + 15,
            "Shield, Hand weapon, Full plate armour, Barded warhorse, General, Sword of Might",
            general=True,
        ),
        # 20 models at 5, halberds 1 per model, a standard; the musician is not active.
        RosterUnit("State Troops", 20, 100 + 20 + 5, "Halberds, Standard bearer"),
        # A hidden choice counts for the points, its name is not kept.
        RosterUnit("Great Cannon", 1, 135, ""),
    )
    # The list's `points` (1000) is its limit, not its total: the units' sum is.
    assert (roster.total_points, roster.general_points, roster.warnings) == (386, 126, ())


def test_new_recruit_json_sums_each_unit_with_its_selections() -> None:
    roster = parse_roster(fixture("waaagh.newrecruit.json"))
    assert (roster.format, roster.name, roster.faction, roster.game_system) == (
        RosterFormat.NEW_RECRUIT,
        "Grimgor's lads",
        "Orc & Goblin Tribes",
        "Warhammer: The Old World",
    )
    assert roster.units == (
        RosterUnit("Orc Warboss", 1, 130, "Heavy armour, War boar", general=True),
        RosterUnit("Orc Mob", 20, 130, "Standard bearer, Musician"),
        RosterUnit("Goblin Wolf Riders", 5, 60, ""),  # only points costs count, not Command
        RosterUnit("Rock Lobber", 1, 300, ""),
    )
    assert (roster.total_points, roster.general_points, roster.warnings) == (620, 130, ())


@pytest.mark.parametrize("zipped", [True, False], ids=["rosz", "ros"])
def test_battlescribe_roster_xml_zipped_or_not(zipped: bool) -> None:
    xml = fixture("karaz.ros")
    roster = parse_roster(rosz(xml) if zipped else xml)
    assert (roster.format, roster.name, roster.faction) == (
        RosterFormat.ROSZ,
        "Karaz guard",
        "Dwarfen Mountain Holds",
    )
    assert roster.units == (
        RosterUnit("Thane", 1, 80, "Shield", general=True),
        RosterUnit("Dwarf Warriors", 20, 220, "Great weapons"),
        RosterUnit("Organ Gun", 1, 180, ""),
    )
    assert (roster.total_points, roster.general_points) == (480, 80)


def test_plain_text_headers_and_unit_lines() -> None:
    roster = parse_roster(fixture("reikland.txt"))
    assert (roster.format, roster.name, roster.faction, roster.game_system) == (
        RosterFormat.TEXT,
        "Reikland border patrol",
        "Empire",
        "Warhammer: The Old World",
    )
    assert roster.units == (
        RosterUnit("General of the Empire", 1, 150, "barded warhorse, full plate", general=True),
        RosterUnit("State Troops", 20, 140, "halberds, standard"),
        RosterUnit("Great Cannon", 1, 125, ""),
        RosterUnit("Pistoliers", 5, 85, ""),
    )
    assert (roster.total_points, roster.general_points, roster.warnings) == (500, 150, ())


def test_detection_and_an_explicit_format() -> None:
    assert detect_format(fixture("reikland.owb.json")) is RosterFormat.OWB
    assert detect_format(fixture("waaagh.newrecruit.json")) is RosterFormat.NEW_RECRUIT
    assert detect_format(rosz(fixture("karaz.ros"))) is RosterFormat.ROSZ
    assert detect_format(fixture("karaz.ros")) is RosterFormat.ROSZ
    assert detect_format(fixture("reikland.txt")) is RosterFormat.TEXT
    # Told it is plain text, a JSON file is read as text, and refused on its first line.
    assert refused(fixture("reikland.owb.json"), RosterFormat.TEXT).where == "line 1"


def test_a_declared_total_other_than_the_sum_is_a_warning_and_is_kept() -> None:
    text = fixture("reikland.txt").replace(b"Total: 500", b"Total: 450")
    roster = parse_roster(text)
    assert roster.total_points == 450
    assert roster.warnings == ("the list says 450 points, its units add up to 500",)


# ------------------------------------------------------------------------------ refusals


def test_text_refusal_names_the_line() -> None:
    text = b"Name: x\n\nState Troops - 140 pts\nthis line is not a unit\n"
    error = refused(text)
    assert error.where == "line 4"
    assert "not a unit line" in error.message


def test_json_refusal_names_the_field() -> None:
    document = json.loads(fixture("waaagh.newrecruit.json"))
    document["roster"]["forces"][0]["selections"][1]["selections"][0]["costs"][0]["value"] = "x"
    error = refused(json.dumps(document).encode())
    assert error.where == "roster.forces[0].selections[1].selections[0].costs[0].value"
    owb = json.loads(fixture("reikland.owb.json"))
    owb["core"][0]["strength"] = -3
    assert refused(json.dumps(owb).encode()).where == "core[0].strength"


def test_malformed_json_names_its_line() -> None:
    assert refused(b'{\n  "name": "x",\n  "core": [\n}').where == "line 4"


def test_xml_refusal_names_the_line() -> None:
    xml = fixture("karaz.ros").replace(b'number="20"', b'number="lots"')
    assert refused(xml).where == "line 25"
    assert refused(b"<roster><forces></roster>").where == "line 1"


@pytest.mark.parametrize(
    "data",
    [b"", b"   \n", b"# only a comment\n", b'{"name": "empty", "core": []}'],
    ids=["empty", "blank", "comment", "no-units"],
)
def test_a_list_without_units_is_refused(data: bytes) -> None:
    refused(data)


def test_points_out_of_range_nan_and_huge_numbers() -> None:
    for value in ("-5", "1e12", "NaN", "Infinity", "9" * 5000, "true"):
        data = f'{{"core": [{{"name_en": "Unit", "points": {value}}}]}}'.encode()
        refused(data)


# --------------------------------------------------------------------------- hostile files


def test_oversized_file_is_refused_before_parsing() -> None:
    error = refused(b"State Troops - 1 pts\n" * (MAX_FILE_BYTES // 20))
    assert "larger than" in error.message


def test_deep_json_is_refused_without_recursing() -> None:
    deep = b"[" * 100_000 + b"]" * 100_000  # would exhaust json's recursion
    error = refused(deep[: MAX_FILE_BYTES - 1])
    assert f"deeper than {MAX_JSON_DEPTH}" in error.message
    # Brackets inside strings do not count.
    fine = json.dumps({"name": "[" * 500, "core": [{"name_en": "U", "points": 1}]}).encode()
    assert parse_roster(fine).name.startswith("[[[")


def test_zip_bomb_by_ratio_is_refused() -> None:
    bomb = rosz(b"<roster>" + b" " * (MAX_UNCOMPRESSED_BYTES - 20) + b"</roster>")
    error = refused(bomb)
    assert "compressed more than" in error.message


def test_zip_bomb_by_declared_size_is_refused() -> None:
    big = rosz(b"x" * (MAX_UNCOMPRESSED_BYTES + 1), method=zipfile.ZIP_STORED)
    assert len(big) > MAX_FILE_BYTES  # refused already for its size...
    assert "larger than" in refused(big).message
    # ...and a small archive whose header declares a huge entry is refused on the header.
    small = bytearray(rosz(fixture("karaz.ros")))
    directory = small.rfind(b"PK\x01\x02")
    small[directory + 24 : directory + 28] = (MAX_UNCOMPRESSED_BYTES + 1).to_bytes(4, "little")
    assert "inflates to more than" in refused(bytes(small)).message


def test_zip_whose_header_understates_the_size_is_refused() -> None:
    archive = bytearray(rosz(fixture("karaz.ros")))
    directory = archive.rfind(b"PK\x01\x02")
    archive[directory + 24 : directory + 28] = (100).to_bytes(4, "little")
    # zipfile stops at the declared size, and the checksum of what it read then fails.
    assert refused(bytes(archive)).where == "entry 'karaz.ros'"


def test_zip_with_many_entries_or_none_is_refused() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for i in range(10):
            archive.writestr(f"{i}.ros", b"<roster/>")
    assert "entries" in refused(buffer.getvalue()).message
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.ros", b"<roster/>")
        archive.writestr("b.ros", b"<roster/>")
    assert "exactly one" in refused(buffer.getvalue()).message
    assert "not a readable zip" in refused(b"PK\x03\x04garbage").message


@pytest.mark.parametrize(
    "xml",
    [
        # billion laughs: entities declared in an internal DTD
        b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]>'
        b"<roster name='&b;'/>",
        # an external entity (a local file)
        b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        b"<roster name='&x;'/>",
        # an external DTD
        b'<?xml version="1.0"?><!DOCTYPE roster SYSTEM "http://example.com/x.dtd"><roster/>',
    ],
    ids=["billion-laughs", "external-entity", "external-dtd"],
)
def test_xml_with_a_doctype_is_refused(xml: bytes) -> None:
    error = refused(xml)
    assert "DOCTYPE" in error.message
    assert error.where == "line 1"
    assert "DOCTYPE" in refused(rosz(xml)).message


def test_deep_xml_is_refused() -> None:
    xml = b"<roster>" + b"<a>" * 200 + b"</a>" * 200 + b"</roster>"
    assert "deeper than" in refused(xml).message


def test_binary_garbage_and_nul_are_refused_with_their_line() -> None:
    assert refused(b"Name: x\n\xff\xfe\n").where == "line 2"
    assert refused(b"Name: x\nA - 1 pts\x00\n").where == "line 2"
