"""A lobby's refusals name the faction in the reader's language (R-CAMP-3)."""

import pytest
from httpx import AsyncClient

from tests.factories.flows import MakeUser, create_lobby
from tests.helpers import assert_problem


@pytest.mark.parametrize(
    ("language", "detail"),
    [
        ("en", "Dark Elves must start on a coast tile"),
        ("fr", "Elfes Noirs doit commencer sur une case côtière"),
    ],
)
async def test_R_CAMP_3_a_refused_start_names_the_faction_in_the_readers_language(
    client: AsyncClient, make_user: MakeUser, language: str, detail: str
) -> None:
    owner = await make_user()
    campaign = await create_lobby(client, owner)
    headers = {**owner.headers, "Accept-Language": language}
    joined = await client.post(
        f"/v1/campaigns/{campaign['id']}/players",
        json={"invite_code": campaign["invite_code"] or "OWNER000"},
        headers=headers,
    )
    assert joined.status_code == 201, joined.text

    # Skirmish's slot 0 is inland: the Dark Elves' capital is a port (R-CAMP-3).
    r = await client.patch(
        f"/v1/campaigns/{campaign['id']}/players/me",
        json={"faction": "dark_elves", "slot": 0},
        headers=headers,
    )
    body = assert_problem(r, 422, "R-CAMP-3")
    assert detail in body["detail"]
