"""The operators' command line (`scripts/operator`, `marchlords-admin`): the operator role is
given and taken here, on the server's machine, never through the API.

    marchlords-admin operator grant USERNAME
    marchlords-admin operator revoke USERNAME
    marchlords-admin operator list

It uses `DATABASE_URL`, or the embedded PostgreSQL under `MARCHLORDS_PG_DATA_DIR` (start it
with the server stopped, or give the running server's URL).
"""

import argparse
import asyncio
import sys

from sqlalchemy import select

from app.accounts.moderation.operators import set_operator
from app.platform.config import get_settings
from app.platform.db.embedded import database_url
from app.platform.db.migrate import upgrade_head
from app.platform.db.session import create_engine, create_sessionmaker
from app.store.models import User


async def run(url: str, command: str, username: str | None) -> int:
    """Grant, revoke or list the operator role on the database at `url`; the exit status."""
    engine = create_engine(url)
    try:
        async with create_sessionmaker(engine)() as session, session.begin():
            if command == "list":
                names = await session.scalars(
                    select(User.username).where(User.is_operator).order_by(User.username)
                )
                for name in names:
                    sys.stdout.write(f"{name}\n")
                return 0
            assert username is not None  # noqa: S101 (argparse requires it)
            user = await set_operator(session, username, command == "grant")
            if user is None:
                sys.stderr.write(f"no user named {username!r}\n")
                return 1
            state = "is now an operator" if user.is_operator else "is no longer an operator"
            sys.stdout.write(f"{user.username} {state}\n")
            return 0
    finally:
        await engine.dispose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="marchlords-admin", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    operator = sub.add_parser("operator", help="give or take the operator role")
    operator.add_argument("command", choices=("grant", "revoke", "list"))
    operator.add_argument("username", nargs="?")
    args = parser.parse_args(argv)
    if args.command != "list" and not args.username:
        parser.error("grant and revoke need a USERNAME")
    with database_url(get_settings()) as url:
        upgrade_head(url)
        return asyncio.run(run(url, args.command, args.username))


if __name__ == "__main__":
    sys.exit(main())
