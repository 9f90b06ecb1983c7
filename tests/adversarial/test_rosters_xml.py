"""Roster XML uploads (`.ros`, and the `.ros` inside a `.rosz`): an attacker controls every byte
of the file, its declared encoding included.

The server promises one decoding rule and one parser boundary (app/play/rosters/formats/bounded.py):
UTF-8, or a single-byte encoding the file declares, parsed by defusedxml with no DOCTYPE; any
other encoding, any undecodable byte and whatever the parser raises is a 422
`roster_unreadable` that changes nothing — never a 500.
"""

import base64
import io
import zipfile
from pathlib import Path

import pytest
from httpx import AsyncClient
from sqlalchemy.ext.asyncio import AsyncSession

from tests.factories.flows import MakeUser, army_of, start_game
from tests.factories.rosters import EMPIRE_LIST, roster_url, upload
from tests.helpers import assert_problem

KARAZ = (Path(__file__).parents[1] / "play" / "rosters" / "fixtures" / "karaz.ros").read_bytes()
UTF8_DECLARED = b'encoding="UTF-8"'


def declaring(encoding: str) -> bytes:
    return KARAZ.replace(UTF8_DECLARED, f'encoding="{encoding}"'.encode())


def zipped(xml: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("karaz.ros", xml)
    return buffer.getvalue()


HOSTILE = {
    # pyexpat cannot read multi-byte encodings: these were a 500 (ValueError) before.
    "utf-7": declaring("UTF-7"),
    "utf-7-smuggled-markup": declaring("UTF-7").replace(b"Karaz guard", b"+ADw-x+AD4-"),
    "shift-jis": declaring("Shift_JIS"),
    "euc-jp": declaring("EUC-JP"),
    "unknown-encoding": declaring("x-klingon"),
    "utf-16-with-bom": KARAZ.decode().replace("UTF-8", "UTF-16").encode("utf-16"),
    "utf-16-without-bom": KARAZ.decode().replace("UTF-8", "UTF-16").encode("utf-16-le"),
    "utf-32": KARAZ.decode().replace("UTF-8", "UTF-32").encode("utf-32"),
    "binary-garbage": b"<\x9c\xff\x00\x01\x80" * 64,
    "undeclared-latin-bytes": KARAZ.replace(b"Karaz", b"K\xe4raz"),
    "invalid-utf-8": KARAZ.replace(b"Karaz", b"K\xc3\x28raz"),
    "overlong-utf-8": KARAZ.replace(b"Karaz", b"K\xc0\xbcraz"),
    "utf-8-bom-declaring-latin-1": b"\xef\xbb\xbf" + declaring("ISO-8859-1"),
    "nul-character": KARAZ.replace(b"Karaz", b"K\x00raz"),
    "internal-entities": b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa">'
    b'<!ENTITY b "&a;&a;&a;&a;&a;&a;">]><roster name="&b;"/>',
    "external-entity": b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM '
    b'"file:///etc/passwd">]><roster name="&x;"/>',
    "undeclared-entity": KARAZ.replace(b"Karaz guard", b"&x;"),
    "unbound-prefix": b'<?xml version="1.0"?><r:roster name="x"/>',
    "no-element": b'<?xml version="1.0" encoding="UTF-8"?>',
}


@pytest.mark.parametrize("xml", list(HOSTILE.values()), ids=list(HOSTILE))
@pytest.mark.parametrize("packed", [False, True], ids=["ros", "rosz"])
async def test_a_hostile_xml_roster_is_422_and_changes_nothing(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession, xml: bytes, packed: bool
) -> None:
    game = await start_game(client, make_user)
    p1, _ = game.players
    a1 = (await army_of(session, game, 1)).id
    before = (await upload(client, game, p1, a1, EMPIRE_LIST)).json()
    data = zipped(xml) if packed else xml
    r = await upload(
        client, game, p1, a1, base64.b64encode(data).decode(), base64=True, format="rosz"
    )
    assert_problem(r, 422, "roster_unreadable")
    assert (await client.get(roster_url(game, a1), headers=p1.headers)).json() == before


async def test_a_declared_single_byte_encoding_is_honoured(
    client: AsyncClient, make_user: MakeUser, session: AsyncSession
) -> None:
    game = await start_game(client, make_user)
    p1, _ = game.players
    a1 = (await army_of(session, game, 1)).id
    latin = declaring("ISO-8859-1").replace(b"Karaz guard", b"Garde de K\xe4raz")
    for data in (latin, b"\xef\xbb\xbf" + KARAZ):
        r = await upload(client, game, p1, a1, base64.b64encode(data).decode(), base64=True)
        assert r.status_code == 200, r.text
    assert r.json()["name"] == "Karaz guard"
    r = await upload(client, game, p1, a1, base64.b64encode(latin).decode(), base64=True)
    assert r.json()["name"] == "Garde de Käraz"
