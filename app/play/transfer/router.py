"""Export a campaign as one document and import it on any server (R-CAMP-9)."""

from collections.abc import Callable, Coroutine
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, status
from fastapi.routing import APIRoute
from pydantic import TypeAdapter, ValidationError
from starlette.responses import Response

from app.accounts.auth.dependencies import CurrentUser
from app.platform.db.session import SessionDep
from app.platform.dependencies import SettingsDep
from app.platform.errors import PROBLEM_RESPONSES
from app.play.campaigns.access import LockedMemberDep
from app.play.transfer import service
from app.play.transfer.checks import MAX_DEPTH, json_nests_at_most
from app.play.transfer.schemas import CampaignExport, CampaignImport, ImportedCampaign

router = APIRouter(prefix="/campaigns", tags=["transfer"], responses=PROBLEM_RESPONSES)

_IMPORT = TypeAdapter(CampaignImport)
Handler = Callable[[Request], Coroutine[Any, Any, Response]]


class ImportRequest(Request):
    """A request whose JSON body is read as a `CampaignImport` straight from its text.

    FastAPI reads a JSON body with `json.loads`, then validates the Python objects; pydantic
    validating the text itself takes a fifth less CPU (an 8 MiB document: ~105 ms, not ~135).
    A body it refuses (or one nested deeper than a document may be: pydantic's parser has a
    depth limit of its own) is read as before, `json.loads` and all, so that every refusal
    stays what it was; an accepted one is the model FastAPI's validation would have made (it
    passes an instance through as it is): tests/play/transfer/test_transfer.py compares the two."""

    _shallow: bool | None = None

    async def nests_as_a_document_may(self) -> bool:
        """Whether the body nests no deeper than a document may (and the request's object
        around it), proven on its text once."""
        if self._shallow is None:
            self._shallow = json_nests_at_most(await self.body(), MAX_DEPTH + 1)
        return self._shallow

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            try:
                if not await self.nests_as_a_document_may():
                    return await super().json()
                self._json = _IMPORT.validate_json(await self.body())
            except ValidationError:
                return await super().json()
        return self._json


class ImportRoute(APIRoute):
    """The import's route: its handler reads the body as an `ImportRequest`."""

    def get_route_handler(self) -> Handler:
        handler = super().get_route_handler()

        async def import_handler(request: Request) -> Response:
            return await handler(ImportRequest(request.scope, request.receive))

        return import_handler


@router.get("/{campaign_id}/export")
async def export_campaign(
    session: SessionDep,
    member: LockedMemberDep,
    settings: SettingsDep,
    messages: Annotated[
        bool, Query(description="Include the players' messages (left out by default).")
    ] = False,
) -> CampaignExport:
    """The whole campaign as one versioned document (owner; once finished if they play)."""
    limit = settings.max_upload_body_bytes
    document: Any = await service.export_campaign(session, member, messages, limit)
    return document  # type: ignore[no-any-return]


async def import_campaign(
    request: ImportRequest, data: CampaignImport, session: SessionDep, user: CurrentUser
) -> ImportedCampaign:
    """Recreate an exported campaign here, owned by you, its seats offered to the users named."""
    # The nesting of the body read for `data`, as proven on its text when it was read.
    shallow = await request.nests_as_a_document_may()
    return await service.import_campaign(session, data, user, shallow=shallow)


router.add_api_route(
    "/import",
    import_campaign,
    methods=["POST"],
    status_code=status.HTTP_201_CREATED,
    route_class_override=ImportRoute,
)
