"""The app the in-process fixtures lend (tests/factories/apps.py): built once per process, and
at each use as new as `create_app` would make it, whatever the test before did to it."""

import uuid

import pytest
from fastapi import FastAPI, Response

from app.platform.config import Settings
from tests.factories.apps import APP_PER_TEST, fresh_app


@pytest.fixture
def settings_of_this_test(monkeypatch: pytest.MonkeyPatch) -> Settings:
    monkeypatch.delenv(APP_PER_TEST, raising=False)
    return Settings(log_json=False)


def _left_behind() -> dict[str, str]:
    return {}


def _a_test_leaving_its_marks(app: FastAPI) -> None:
    """What tests do to the app they are lent."""
    app.add_api_route("/v1/left-behind", _left_behind)
    app.dependency_overrides[Settings] = lambda: None
    app.exception_handlers[LookupError] = lambda request, error: Response(status_code=418)
    app.state.left_behind = True
    app.state.imports.running.add(uuid.uuid4())
    app.openapi()


def test_the_app_is_built_once_and_lent_again_as_new(settings_of_this_test: Settings) -> None:
    with fresh_app(settings_of_this_test) as first:
        routes = list(first.router.routes)
        handlers = dict(first.exception_handlers)
        _a_test_leaving_its_marks(first)
    with fresh_app(settings_of_this_test) as again:
        assert again is first
        assert again.router.routes == routes
        assert again.exception_handlers == handlers
        assert again.dependency_overrides == {}
        assert not hasattr(again.state, "left_behind")
        assert again.state.imports.running == set()
        assert again.openapi_schema is None
        assert again.middleware_stack is None
        assert "/v1/left-behind" not in again.openapi()["paths"]


def test_an_app_wanted_while_one_is_lent_is_a_new_one(settings_of_this_test: Settings) -> None:
    with fresh_app(settings_of_this_test) as lent, fresh_app(settings_of_this_test) as second:
        assert second is not lent
    with fresh_app(settings_of_this_test) as after:
        assert after is lent


def test_an_app_per_use_when_asked(
    settings_of_this_test: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(APP_PER_TEST, "1")
    with fresh_app(settings_of_this_test) as first:
        pass
    with fresh_app(settings_of_this_test) as second:
        assert second is not first
