"""What an interaction answers: Discord's message JSON, user text escaped by one function.

Every answer disables mentions (`allowed_mentions: {"parse": []}`): a campaign or player
named `@everyone` pings nobody. Every text a user typed (a campaign's name, a player's) goes
through `escape_markdown`, so it shows as typed and never formats, links or hides the rest.
"""

import re
from typing import Any

# Discord's interaction response types and message flags (its API reference).
PONG = 1
CHANNEL_MESSAGE = 4
EPHEMERAL = 1 << 6
CONTENT_MAX = 2000

# Markdown's special characters in Discord, `@` and `<` (mentions, channels, emoji, timestamps:
# `<@123>`, `<#1>`, `<t:0>`), `:` (`:emoji:`) and `-` (`- ` lists, `-# ` small text) among
# them: each escaped with a backslash.
_SPECIAL = re.compile(r"([\\*_~`|>#\[\]()@<:\-])")
# Line breaks of any kind (a heading or quote starts a line) and other control characters.
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def escape_markdown(text: str) -> str:
    """`text` as Discord shows it literally: on one line, nothing formatted, nobody named."""
    return _SPECIAL.sub(r"\\\1", _BREAKS.sub(" ", text))


def _cut(text: str) -> str:
    # A cut never ends inside an escape: the backslash alone would escape the ellipsis.
    if len(text) <= CONTENT_MAX:
        return text
    cut = text[: CONTENT_MAX - 1]
    if cut.endswith("\\") and not cut.endswith("\\\\"):
        cut = cut[:-1]
    return cut + "…"


def reply(content: str, *, ephemeral: bool = True) -> dict[str, Any]:
    """An answer in the channel (`ephemeral`: seen by the caller alone)."""
    data: dict[str, Any] = {"content": _cut(content), "allowed_mentions": {"parse": []}}
    if ephemeral:
        data["flags"] = EPHEMERAL
    return {"type": CHANNEL_MESSAGE, "data": data}


def pong() -> dict[str, Any]:
    """The answer to Discord's PING (type 1), which checks the endpoint."""
    return {"type": PONG}
