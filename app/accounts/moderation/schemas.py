"""Blocks and bans as their author reads them."""

from datetime import datetime

from pydantic import BaseModel

from app.platform.pagination import Page


class ListedUser(BaseModel):
    """A user you blocked, or barred from your public campaigns."""

    username: str
    display_name: str
    since: datetime


class ListedUserPage(Page[ListedUser]):
    pass
