"""A user's text as Discord shows it literally: one escape for every Discord message we send.

Both Discord channels (the interactions' answers, `app/channels/discord/messages.py`, and the
webhooks' `discord` format, `app/channels/notifications/formats.py`) put campaign and player
names into Markdown that Discord renders: each goes through `escape_markdown`, so a name shows
as typed and never formats, links, hides the rest of the message or names anyone (every body
also sets `allowed_mentions: {"parse": []}`, so nobody is pinged even by our own text).
"""

import re

# Markdown's special characters in Discord, `@` and `<` (mentions, channels, emoji, timestamps:
# `<@123>`, `<#1>`, `<t:0>`), `:` (`:emoji:`) and `-` (`- ` lists, `-# ` small text) among
# them: each escaped with a backslash.
_SPECIAL = re.compile(r"([\\*_~`|>#\[\]()@<:\-])")
# Line breaks of any kind (a heading or quote starts a line) and other control characters.
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def no_mentions() -> dict[str, list[str]]:
    """Discord's `allowed_mentions` that pings nobody, whatever the text says."""
    return {"parse": []}


def escape_markdown(text: str) -> str:
    """`text` as Discord shows it literally: on one line, nothing formatted, nobody named."""
    return _SPECIAL.sub(r"\\\1", _BREAKS.sub(" ", text))


def cut_escaped(text: str, limit: int) -> str:
    """`text` cut to `limit` characters with an ellipsis, never inside an escape (a lone
    backslash at the end would escape the ellipsis, or a `\\\\` pair split would escape it)."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    # Count the backslashes the cut ends with: an odd number is an escape cut in half.
    trailing = len(cut) - len(cut.rstrip("\\"))
    if trailing % 2:
        cut = cut[:-1]
    return cut + "…"
