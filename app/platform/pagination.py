"""Limit/offset pagination shared by every list endpoint."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, Self, TypeVar, TypeVarTuple

from pydantic import BaseModel
from sqlalchemy import Row, Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession


@dataclass(frozen=True, slots=True)
class PageParams:
    """Validated page request; `limit` already respects the server's cap."""

    limit: int
    offset: int


T = TypeVar("T")
R = TypeVar("R")
Ts = TypeVarTuple("Ts")


class Page(BaseModel, Generic[T]):
    """One page of a list: the items, the window used and the total count.

    Subclass it per item type (`class TokenPage(Page[TokenRead]): ...`) so the OpenAPI schema
    gets a clean name instead of `Page_TokenRead_`.
    """

    items: list[T]
    total: int
    limit: int
    offset: int

    @classmethod
    def of(cls, items: Iterable[T], total: int, params: PageParams) -> Self:
        """The page of `items` out of `total`, in the window `params` asked for."""
        return cls(items=list(items), total=total, limit=params.limit, offset=params.offset)


async def paginate(
    session: AsyncSession, query: Select[R], params: PageParams
) -> tuple[list[R], int]:
    """Run `query` for one page (caller must give it a stable ORDER BY) and count all rows."""
    total = await _count(session, query)
    rows = await session.scalars(query.limit(params.limit).offset(params.offset))
    return list(rows), total


async def paginate_rows(
    session: AsyncSession, query: Select[*Ts], params: PageParams
) -> tuple[list[Row[*Ts]], int]:
    """`paginate` for a query of several columns: whole rows instead of first columns."""
    total = await _count(session, query)
    rows = await session.execute(query.limit(params.limit).offset(params.offset))
    return list(rows.all()), total


async def _count(session: AsyncSession, query: Select[*Ts]) -> int:
    total = await session.scalar(select(func.count()).select_from(query.order_by(None).subquery()))
    return total or 0
