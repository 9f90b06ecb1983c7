"""The `python` blocks of `clients/python/README.md` (generated from
`clients/templates/README.md.jinja`) run, in order, against the app served by uvicorn: log in,
play a turn, a refusal with its rule id, a conditional read answered 304. (The `py` block, the
endless event stream, is shown only.)"""

import asyncio
import contextlib
import io
import re
from pathlib import Path
from typing import Any

from tests.factories.flows import DEFAULT_PASSWORD, AuthUser, register_and_login, start_game
from tests.factories.servers import Served
from tests.factories.servers import served as served

README = Path(__file__).resolve().parents[2] / "clients" / "python" / "README.md"


def python_blocks(text: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)


def run_blocks(blocks: list[str], names: dict[str, Any]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for block in blocks:
            exec(compile(block, str(README), "exec"), names)  # noqa: S102 (our own README)
    names["client"].get_httpx_client().close()
    return out.getvalue()


async def test_the_client_readme_examples_run(served: Served) -> None:
    async def make_user(username: str | None = None, **_: object) -> AuthUser:
        return await register_and_login(served.client, username)

    game = await start_game(served.client, make_user)
    alice = game.players[0]
    blocks = python_blocks(README.read_text(encoding="utf-8"))
    assert len(blocks) == 4  # log in, a turn, errors, conditional reads
    names: dict[str, Any] = {
        "SERVER": served.url,
        "USERNAME": alice.user.username,
        "PASSWORD": DEFAULT_PASSWORD,
        "CAMPAIGN_ID": game.id,
    }

    printed = await asyncio.to_thread(run_blocks, blocks, names)

    lines = printed.splitlines()
    assert lines[0] == f"player {alice.number} (Empire), turn 1, gold 5"
    assert re.fullmatch(r"order \d+: 3 gold", lines[1]), lines[1]
    assert lines[2] == "waiting for: ['1 player not ready']"
    assert lines[3] == "422 R-MOVE-1 Step 1 is not next to the tile before it."
    assert re.fullmatch(r"\d+ tiles, turn 1", lines[4]), lines[4]
    assert names["again"].status_code == 304
    me = (await served.client.get(game.url("/me"), headers=alice.headers)).json()
    assert me["ready"] is True
    assert len(me["orders"]["moves"]) == 1
