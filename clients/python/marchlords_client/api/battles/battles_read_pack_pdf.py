from http import HTTPStatus
from io import BytesIO
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.battles_read_pack_pdf_paper import BattlesReadPackPdfPaper
from ...models.problem import Problem
from ...models.validation_problem import ValidationProblem
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    campaign_id: UUID,
    battle_id: int,
    *,
    paper: BattlesReadPackPdfPaper | Unset = BattlesReadPackPdfPaper.A4,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_paper: str | Unset = UNSET
    if not isinstance(paper, Unset):
        json_paper = paper.value

    params["paper"] = json_paper

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/campaigns/{campaign_id}/battles/{battle_id}/pack.pdf".format(
            campaign_id=quote(str(campaign_id), safe=""),
            battle_id=quote(str(battle_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> File | Problem | Problem | ValidationProblem | None:
    if response.status_code == 200:
        response_200 = File(payload=BytesIO(response.content))

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 422:

        def _parse_response_422(data: object) -> Problem | ValidationProblem:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_unprocessable_problem_type_0 = ValidationProblem.from_dict(data)

                return componentsschemas_unprocessable_problem_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_unprocessable_problem_type_1 = Problem.from_dict(data)

            return componentsschemas_unprocessable_problem_type_1

        response_422 = _parse_response_422(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[File | Problem | Problem | ValidationProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    campaign_id: UUID,
    battle_id: int,
    *,
    client: AuthenticatedClient,
    paper: BattlesReadPackPdfPaper | Unset = BattlesReadPackPdfPaper.A4,
) -> Response[File | Problem | Problem | ValidationProblem]:
    """The battle's pack to print: one page per side you see in full, in your language (R-PACK).

     The battle's pack to print: one page per side you see in full, in your language (R-PACK).

    Rules (docs/rules.md): R-PACK-1, R-PACK-2, R-PACK-3.

    Args:
        campaign_id (UUID): The campaign's id.
        battle_id (int): The battle's id within the campaign.
        paper (BattlesReadPackPdfPaper | Unset): The paper size. Default:
            BattlesReadPackPdfPaper.A4.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
        battle_id=battle_id,
        paper=paper,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    campaign_id: UUID,
    battle_id: int,
    *,
    client: AuthenticatedClient,
    paper: BattlesReadPackPdfPaper | Unset = BattlesReadPackPdfPaper.A4,
) -> File | Problem | Problem | ValidationProblem | None:
    """The battle's pack to print: one page per side you see in full, in your language (R-PACK).

     The battle's pack to print: one page per side you see in full, in your language (R-PACK).

    Rules (docs/rules.md): R-PACK-1, R-PACK-2, R-PACK-3.

    Args:
        campaign_id (UUID): The campaign's id.
        battle_id (int): The battle's id within the campaign.
        paper (BattlesReadPackPdfPaper | Unset): The paper size. Default:
            BattlesReadPackPdfPaper.A4.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem | Problem | ValidationProblem
    """

    return sync_detailed(
        campaign_id=campaign_id,
        battle_id=battle_id,
        client=client,
        paper=paper,
    ).parsed


async def asyncio_detailed(
    campaign_id: UUID,
    battle_id: int,
    *,
    client: AuthenticatedClient,
    paper: BattlesReadPackPdfPaper | Unset = BattlesReadPackPdfPaper.A4,
) -> Response[File | Problem | Problem | ValidationProblem]:
    """The battle's pack to print: one page per side you see in full, in your language (R-PACK).

     The battle's pack to print: one page per side you see in full, in your language (R-PACK).

    Rules (docs/rules.md): R-PACK-1, R-PACK-2, R-PACK-3.

    Args:
        campaign_id (UUID): The campaign's id.
        battle_id (int): The battle's id within the campaign.
        paper (BattlesReadPackPdfPaper | Unset): The paper size. Default:
            BattlesReadPackPdfPaper.A4.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[File | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
        battle_id=battle_id,
        paper=paper,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    campaign_id: UUID,
    battle_id: int,
    *,
    client: AuthenticatedClient,
    paper: BattlesReadPackPdfPaper | Unset = BattlesReadPackPdfPaper.A4,
) -> File | Problem | Problem | ValidationProblem | None:
    """The battle's pack to print: one page per side you see in full, in your language (R-PACK).

     The battle's pack to print: one page per side you see in full, in your language (R-PACK).

    Rules (docs/rules.md): R-PACK-1, R-PACK-2, R-PACK-3.

    Args:
        campaign_id (UUID): The campaign's id.
        battle_id (int): The battle's id within the campaign.
        paper (BattlesReadPackPdfPaper | Unset): The paper size. Default:
            BattlesReadPackPdfPaper.A4.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        File | Problem | Problem | ValidationProblem
    """

    return (
        await asyncio_detailed(
            campaign_id=campaign_id,
            battle_id=battle_id,
            client=client,
            paper=paper,
        )
    ).parsed
