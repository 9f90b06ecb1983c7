from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.campaign_export import CampaignExport
from ...models.problem import Problem
from ...models.validation_problem import ValidationProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    campaign_id: UUID,
    *,
    messages: bool | Unset = False,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["messages"] = messages

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/campaigns/{campaign_id}/export".format(
            campaign_id=quote(str(campaign_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CampaignExport | Problem | Problem | ValidationProblem | None:
    if response.status_code == 200:
        response_200 = CampaignExport.from_dict(response.json())

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
) -> Response[CampaignExport | Problem | Problem | ValidationProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    campaign_id: UUID,
    *,
    client: AuthenticatedClient,
    messages: bool | Unset = False,
) -> Response[CampaignExport | Problem | Problem | ValidationProblem]:
    """The whole campaign as one versioned document (owner; once finished if they play).

     The whole campaign as one versioned document (owner; once finished if they play).

    Rules (docs/rules.md): R-CAMP-1, R-CAMP-9, R-FOG-5.

    Args:
        campaign_id (UUID): The campaign's id.
        messages (bool | Unset): Include the players' messages (left out by default). Default:
            False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CampaignExport | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
        messages=messages,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    campaign_id: UUID,
    *,
    client: AuthenticatedClient,
    messages: bool | Unset = False,
) -> CampaignExport | Problem | Problem | ValidationProblem | None:
    """The whole campaign as one versioned document (owner; once finished if they play).

     The whole campaign as one versioned document (owner; once finished if they play).

    Rules (docs/rules.md): R-CAMP-1, R-CAMP-9, R-FOG-5.

    Args:
        campaign_id (UUID): The campaign's id.
        messages (bool | Unset): Include the players' messages (left out by default). Default:
            False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CampaignExport | Problem | Problem | ValidationProblem
    """

    return sync_detailed(
        campaign_id=campaign_id,
        client=client,
        messages=messages,
    ).parsed


async def asyncio_detailed(
    campaign_id: UUID,
    *,
    client: AuthenticatedClient,
    messages: bool | Unset = False,
) -> Response[CampaignExport | Problem | Problem | ValidationProblem]:
    """The whole campaign as one versioned document (owner; once finished if they play).

     The whole campaign as one versioned document (owner; once finished if they play).

    Rules (docs/rules.md): R-CAMP-1, R-CAMP-9, R-FOG-5.

    Args:
        campaign_id (UUID): The campaign's id.
        messages (bool | Unset): Include the players' messages (left out by default). Default:
            False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CampaignExport | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
        messages=messages,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    campaign_id: UUID,
    *,
    client: AuthenticatedClient,
    messages: bool | Unset = False,
) -> CampaignExport | Problem | Problem | ValidationProblem | None:
    """The whole campaign as one versioned document (owner; once finished if they play).

     The whole campaign as one versioned document (owner; once finished if they play).

    Rules (docs/rules.md): R-CAMP-1, R-CAMP-9, R-FOG-5.

    Args:
        campaign_id (UUID): The campaign's id.
        messages (bool | Unset): Include the players' messages (left out by default). Default:
            False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CampaignExport | Problem | Problem | ValidationProblem
    """

    return (
        await asyncio_detailed(
            campaign_id=campaign_id,
            client=client,
            messages=messages,
        )
    ).parsed
