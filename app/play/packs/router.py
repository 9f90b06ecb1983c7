"""Battle packs (R-PACK): a declared battle set up for the table, as JSON and as a PDF."""

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request, Response

from app.platform.conditional import CONDITIONAL_RESPONSES, IfNoneMatch, model_response
from app.platform.config import get_settings
from app.platform.db.session import SessionDep
from app.platform.errors import PROBLEM_RESPONSES
from app.platform.i18n import Language
from app.platform.i18n.requests import request_language, said_in
from app.play.campaigns.access import MemberDep
from app.play.packs import pdf, service
from app.play.packs.schemas import BattlePack, Paper
from app.play.pictures.rendering import renderer

router = APIRouter(
    prefix="/campaigns/{campaign_id}/battles", tags=["battles"], responses=PROBLEM_RESPONSES
)

BattleId = Annotated[
    int, Path(ge=1, le=2**31 - 1, description="The battle's id within the campaign.")
]
PDF_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "A PDF document.",
        "content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}},
    },
}


@router.get("/{battle_id}/pack", response_model=BattlePack, responses=CONDITIONAL_RESPONSES)
async def read_pack(
    battle_id: BattleId, session: SessionDep, member: MemberDep, if_none_match: IfNoneMatch = None
) -> Response:
    """The battle's pack: its field, deployment, forces as you may see them, stakes (R-PACK)."""
    return model_response(await service.read_pack(session, member, battle_id), if_none_match)


def _render(job: tuple[dict[str, Any], Language, str, str]) -> bytes:
    return pdf.render(*job)


@router.get("/{battle_id}/pack.pdf", response_class=Response, responses=PDF_RESPONSE)
async def read_pack_pdf(
    battle_id: BattleId,
    request: Request,
    session: SessionDep,
    member: MemberDep,
    paper: Annotated[Paper, Query(description="The paper size.")] = "a4",
) -> Response:
    """The battle's pack to print: one page per side you see in full, in your language (R-PACK)."""
    pack = await service.read_pack(session, member, battle_id)
    language = request_language(request)
    base = get_settings().public_url or str(request.base_url)
    url = base.rstrip("/") + pack.report_path
    body = await renderer.run(_render, (pack.model_dump(mode="json"), language, paper, url))
    name = f"battle-{pack.battle_id}-pack.pdf"
    headers = {
        "Content-Disposition": f'inline; filename="{name}"',
        "Cache-Control": "private, no-store",
    }
    return said_in(Response(body, media_type="application/pdf", headers=headers), language)
