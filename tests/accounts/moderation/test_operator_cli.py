"""The operator role is given and taken on the command line (`scripts/operator`, `app.admin`),
on the server's database: the operator API then answers the user, and stops answering them."""

import pytest
from httpx import ASGITransport, AsyncClient
from sqlalchemy.ext.asyncio import AsyncEngine

from app import admin
from app.main import create_app
from app.platform.config import Settings
from app.platform.db.session import create_sessionmaker
from tests.factories.flows import registered_user


async def test_the_command_line_grants_and_revokes_the_operator_role(
    settings: Settings,
    database_url: str,
    committing_engine: AsyncEngine,
    fast_password_hashing: None,
    capsys: pytest.CaptureFixture[str],
) -> None:
    sessionmaker = create_sessionmaker(committing_engine)
    alice = await registered_user(sessionmaker, settings, "alice_op")
    app = create_app(settings)
    app.state.sessionmaker = sessionmaker
    async with AsyncClient(transport=ASGITransport(app=app), base_url="http://test") as client:

        async def queue() -> int:
            response = await client.get("/v1/operator/reports", headers=alice.headers)
            return response.status_code

        assert await queue() == 404
        assert await admin.run(database_url, "grant", "ALICE_OP") == 0
        assert await queue() == 200
        assert await admin.run(database_url, "list", None) == 0
        assert await admin.run(database_url, "revoke", "alice_op") == 0
        assert await queue() == 404
        assert await admin.run(database_url, "grant", "nobody_here") == 1
    out = capsys.readouterr()
    assert "alice_op is now an operator" in out.out
    assert "no user named 'nobody_here'" in out.err
