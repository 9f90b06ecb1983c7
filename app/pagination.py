"""Limit/offset pagination shared by every list endpoint."""

from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import BaseModel
from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession


@dataclass(frozen=True, slots=True)
class PageParams:
    """Validated page request; `limit` already respects the server's cap."""

    limit: int
    offset: int


T = TypeVar("T")
R = TypeVar("R")


class Page(BaseModel, Generic[T]):
    """One page of a list: the items, the window used and the total count.

    Subclass it per item type (`class TokenPage(Page[TokenRead]): ...`) so the OpenAPI schema
    gets a clean name instead of `Page_TokenRead_`.
    """

    items: list[T]
    total: int
    limit: int
    offset: int


async def paginate(
    session: AsyncSession, query: Select[R], params: PageParams
) -> tuple[list[R], int]:
    """Run `query` for one page (caller must give it a stable ORDER BY) and count all rows."""
    total = await session.scalar(select(func.count()).select_from(query.order_by(None).subquery()))
    rows = await session.scalars(query.limit(params.limit).offset(params.offset))
    return list(rows), total or 0
