from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.spectator_view import SpectatorView
from ...models.validation_problem import ValidationProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    campaign_id: UUID,
    *,
    if_none_match: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/campaigns/{campaign_id}/spectate".format(
            campaign_id=quote(str(campaign_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | Problem | ValidationProblem | SpectatorView | None:
    if response.status_code == 200:
        response_200 = SpectatorView.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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
) -> Response[Any | Problem | Problem | ValidationProblem | SpectatorView]:
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
    if_none_match: None | str | Unset = UNSET,
) -> Response[Any | Problem | Problem | ValidationProblem | SpectatorView]:
    """As a spectator: the turn you are shown and its seats, factions named in your language;

     As a spectator: the turn you are shown and its seats, factions named in your language;
    no names under anonymity (R-CAMP-13, R-CAMP-5).

    Conditional read: send the `ETag` of the copy you hold as `If-None-Match`; `304 Not Modified` (no
    body) means your copy is still current. Generated clients report a 304 as an answer without a parsed
    body: keep your copy then (docs/clients/conditional-reads.md).

    Args:
        campaign_id (UUID): The campaign's id.
        if_none_match (None | str | Unset): The `ETag` of a copy of this view you hold: if it is
            still current, the answer is `304 Not Modified` without a body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | Problem | ValidationProblem | SpectatorView]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    campaign_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: None | str | Unset = UNSET,
) -> Any | Problem | Problem | ValidationProblem | SpectatorView | None:
    """As a spectator: the turn you are shown and its seats, factions named in your language;

     As a spectator: the turn you are shown and its seats, factions named in your language;
    no names under anonymity (R-CAMP-13, R-CAMP-5).

    Conditional read: send the `ETag` of the copy you hold as `If-None-Match`; `304 Not Modified` (no
    body) means your copy is still current. Generated clients report a 304 as an answer without a parsed
    body: keep your copy then (docs/clients/conditional-reads.md).

    Args:
        campaign_id (UUID): The campaign's id.
        if_none_match (None | str | Unset): The `ETag` of a copy of this view you hold: if it is
            still current, the answer is `304 Not Modified` without a body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | Problem | ValidationProblem | SpectatorView
    """

    return sync_detailed(
        campaign_id=campaign_id,
        client=client,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    campaign_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: None | str | Unset = UNSET,
) -> Response[Any | Problem | Problem | ValidationProblem | SpectatorView]:
    """As a spectator: the turn you are shown and its seats, factions named in your language;

     As a spectator: the turn you are shown and its seats, factions named in your language;
    no names under anonymity (R-CAMP-13, R-CAMP-5).

    Conditional read: send the `ETag` of the copy you hold as `If-None-Match`; `304 Not Modified` (no
    body) means your copy is still current. Generated clients report a 304 as an answer without a parsed
    body: keep your copy then (docs/clients/conditional-reads.md).

    Args:
        campaign_id (UUID): The campaign's id.
        if_none_match (None | str | Unset): The `ETag` of a copy of this view you hold: if it is
            still current, the answer is `304 Not Modified` without a body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | Problem | ValidationProblem | SpectatorView]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    campaign_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: None | str | Unset = UNSET,
) -> Any | Problem | Problem | ValidationProblem | SpectatorView | None:
    """As a spectator: the turn you are shown and its seats, factions named in your language;

     As a spectator: the turn you are shown and its seats, factions named in your language;
    no names under anonymity (R-CAMP-13, R-CAMP-5).

    Conditional read: send the `ETag` of the copy you hold as `If-None-Match`; `304 Not Modified` (no
    body) means your copy is still current. Generated clients report a 304 as an answer without a parsed
    body: keep your copy then (docs/clients/conditional-reads.md).

    Args:
        campaign_id (UUID): The campaign's id.
        if_none_match (None | str | Unset): The `ETag` of a copy of this view you hold: if it is
            still current, the answer is `304 Not Modified` without a body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | Problem | ValidationProblem | SpectatorView
    """

    return (
        await asyncio_detailed(
            campaign_id=campaign_id,
            client=client,
            if_none_match=if_none_match,
        )
    ).parsed
