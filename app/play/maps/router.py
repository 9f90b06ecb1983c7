"""Built-in, uploaded and generated maps; the default ruleset document."""

import uuid

from fastapi import APIRouter, Request, Response, status

from app.accounts.auth.dependencies import CurrentUser
from app.platform.db.session import SessionDep
from app.platform.dependencies import PageDep
from app.platform.errors import PROBLEM_RESPONSES
from app.platform.i18n.requests import request_language, said_in
from app.play.maps import service
from app.play.maps.schemas import (
    GeneratedMap,
    MapDocument,
    MapPage,
    MapRead,
    MapSummary,
    RulesetDocument,
)
from app.rules.ruleset import default_ruleset, ruleset_to_dict

router = APIRouter(prefix="/maps", tags=["maps"], responses=PROBLEM_RESPONSES)
rulesets_router = APIRouter(prefix="/rulesets", tags=["rulesets"], responses=PROBLEM_RESPONSES)


@rulesets_router.get("/default")
async def read_default_ruleset() -> RulesetDocument:
    """The default ruleset: every cost, income, tier, faction and game system of the rules."""
    return RulesetDocument(ruleset_to_dict(default_ruleset()))


@router.get("")
async def list_maps(
    request: Request, response: Response, session: SessionDep, user: CurrentUser, page: PageDep
) -> MapPage:
    """List the built-in maps and the maps you uploaded or generated."""
    rows, total = await service.list_maps(session, user.id, page)
    language = request_language(request)
    said_in(response, language)
    return MapPage.of((MapSummary.from_model(m, language) for m in rows), total, page)


@router.post("", status_code=status.HTTP_201_CREATED)
async def upload_map(doc: MapDocument, session: SessionDep, user: CurrentUser) -> MapRead:
    """Upload a custom map; it is validated and every fault is reported (R-MAP)."""
    return MapRead.from_model(await service.upload_map(session, doc, user.id))


@router.post("/generate", status_code=status.HTTP_201_CREATED)
async def generate_map(params: GeneratedMap, session: SessionDep, user: CurrentUser) -> MapRead:
    """Generate a playable map from a seed and keep it (same seed, same map)."""
    return MapRead.from_model(await service.create_generated_map(session, params, user.id))


@router.get("/{map_id}")
async def read_map(
    map_id: uuid.UUID, request: Request, response: Response, session: SessionDep, user: CurrentUser
) -> MapRead:
    """Show one map with its whole document."""
    language = request_language(request)
    said_in(response, language)
    return MapRead.from_model(await service.get_map(session, map_id, user.id), language)
