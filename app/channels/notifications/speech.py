"""A notification in its recipient's language.

A notification is stored (inbox rows, webhook deliveries, emails) as its data's JSON with the
English `text` and, beside it, the text kept to be said again (`TEXT_KEPT`,
`app.platform.i18n.kept`); it is said where it leaves the server: the inbox in the reading request's
language, pushes (webhooks, email) in the user's saved language, read at the time of writing and
stored with the push (`LANGUAGE`). A campaign-wide channel (a campaign webhook to a whole group)
speaks English: a campaign has no language of its own. Rows written before any of this (no kept
text) read as they were.
"""

import json
import uuid
from collections.abc import Collection, Mapping
from contextlib import suppress
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.channels.notifications.messages import NotificationData
from app.platform.i18n import DEFAULT_LANGUAGE, Language, as_language, say
from app.platform.i18n.kept import keep, revive
from app.rules.texts import Text
from app.store.models import User

# Keys of a stored notification beside the data's own fields (ignored when it is read back).
TEXT_KEPT = "text_kept"
LANGUAGE = "language"
# A campaign-wide channel's language (see the module's docstring).
CAMPAIGN_LANGUAGE: Language = DEFAULT_LANGUAGE


def stored(data: NotificationData, language: Language | None = None) -> dict[str, Any]:
    """`data` as JSON-safe data, its text kept (and the language of a push, if given)."""
    found: dict[str, Any] = data.model_dump(mode="json")
    if isinstance(data.text, Text):
        found[TEXT_KEPT] = keep(data.text)
    if language is not None:
        found[LANGUAGE] = language
    return found


def stored_json(data: NotificationData, language: Language | None = None) -> str:
    return json.dumps(stored(data, language), separators=(",", ":"), ensure_ascii=False)


def language_of(raw: Mapping[str, Any]) -> Language:
    """The language a stored push is said in (English for one stored before languages)."""
    return as_language(raw.get(LANGUAGE)) or DEFAULT_LANGUAGE


def said(raw: Mapping[str, Any], language: Language | None = None) -> NotificationData:
    """A stored notification, its text in `language` (by default the push's own)."""
    found = dict(raw)
    kept = found.pop(TEXT_KEPT, None)
    speak = language or language_of(found)
    found.pop(LANGUAGE, None)
    if isinstance(kept, Mapping):
        # An unreadable kept form: the stored English.
        with suppress(KeyError, IndexError, ValueError, TypeError):
            found["text"] = say(revive(kept), speak)
    return NotificationData.model_validate(found)


def said_json(body: str, language: Language | None = None) -> NotificationData:
    return said(json.loads(body), language)


async def languages_of(
    session: AsyncSession, users: Collection[uuid.UUID]
) -> dict[uuid.UUID, Language]:
    """Each user's saved language (English for one who chose none)."""
    found = dict.fromkeys(users, DEFAULT_LANGUAGE)
    if users:
        rows = await session.execute(select(User.id, User.language).where(User.id.in_(users)))
        for user_id, language in rows:
            found[user_id] = as_language(language) or DEFAULT_LANGUAGE
    return found
