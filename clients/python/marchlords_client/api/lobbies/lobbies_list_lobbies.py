from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.campaign_status import CampaignStatus
from ...models.lobbies_list_lobbies_game_system_type_0 import LobbiesListLobbiesGameSystemType0
from ...models.lobby_page import LobbyPage
from ...models.problem import Problem
from ...models.validation_problem import ValidationProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    game_system: LobbiesListLobbiesGameSystemType0 | None | Unset = UNSET,
    status: CampaignStatus | None | Unset = UNSET,
    max_deadline_hours: int | None | Unset = UNSET,
    anonymity: bool | None | Unset = UNSET,
    spectators: bool | None | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    offset: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_game_system: None | str | Unset
    if isinstance(game_system, Unset):
        json_game_system = UNSET
    elif isinstance(game_system, LobbiesListLobbiesGameSystemType0):
        json_game_system = game_system.value
    else:
        json_game_system = game_system
    params["game_system"] = json_game_system

    json_status: None | str | Unset
    if isinstance(status, Unset):
        json_status = UNSET
    elif isinstance(status, CampaignStatus):
        json_status = status.value
    else:
        json_status = status
    params["status"] = json_status

    json_max_deadline_hours: int | None | Unset
    if isinstance(max_deadline_hours, Unset):
        json_max_deadline_hours = UNSET
    else:
        json_max_deadline_hours = max_deadline_hours
    params["max_deadline_hours"] = json_max_deadline_hours

    json_anonymity: bool | None | Unset
    if isinstance(anonymity, Unset):
        json_anonymity = UNSET
    else:
        json_anonymity = anonymity
    params["anonymity"] = json_anonymity

    json_spectators: bool | None | Unset
    if isinstance(spectators, Unset):
        json_spectators = UNSET
    else:
        json_spectators = spectators
    params["spectators"] = json_spectators

    json_limit: int | None | Unset
    if isinstance(limit, Unset):
        json_limit = UNSET
    else:
        json_limit = limit
    params["limit"] = json_limit

    params["offset"] = offset

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/lobbies",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LobbyPage | Problem | Problem | ValidationProblem | None:
    if response.status_code == 200:
        response_200 = LobbyPage.from_dict(response.json())

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
) -> Response[LobbyPage | Problem | Problem | ValidationProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    game_system: LobbiesListLobbiesGameSystemType0 | None | Unset = UNSET,
    status: CampaignStatus | None | Unset = UNSET,
    max_deadline_hours: int | None | Unset = UNSET,
    anonymity: bool | None | Unset = UNSET,
    spectators: bool | None | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    offset: int | Unset = 0,
) -> Response[LobbyPage | Problem | Problem | ValidationProblem]:
    """Public campaigns that take newcomers: lobbies with places, running campaigns with open

     Public campaigns that take newcomers: lobbies with places, running campaigns with open
    seats or that take spectators (R-CAMP-11, R-CAMP-12, R-CAMP-13), newest first.

    Args:
        game_system (LobbiesListLobbiesGameSystemType0 | None | Unset): Only this game system.
        status (CampaignStatus | None | Unset): `lobby`: places to take; `active`: open seats.
        max_deadline_hours (int | None | Unset): Turns of at most this many hours.
        anonymity (bool | None | Unset): With or without anonymity.
        spectators (bool | None | Unset): `true`: only running campaigns that take spectators
            (R-CAMP-13).
        limit (int | None | Unset): Page size; capped at the server's maximum.
        offset (int | Unset): Number of items to skip. Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LobbyPage | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        game_system=game_system,
        status=status,
        max_deadline_hours=max_deadline_hours,
        anonymity=anonymity,
        spectators=spectators,
        limit=limit,
        offset=offset,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    game_system: LobbiesListLobbiesGameSystemType0 | None | Unset = UNSET,
    status: CampaignStatus | None | Unset = UNSET,
    max_deadline_hours: int | None | Unset = UNSET,
    anonymity: bool | None | Unset = UNSET,
    spectators: bool | None | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    offset: int | Unset = 0,
) -> LobbyPage | Problem | Problem | ValidationProblem | None:
    """Public campaigns that take newcomers: lobbies with places, running campaigns with open

     Public campaigns that take newcomers: lobbies with places, running campaigns with open
    seats or that take spectators (R-CAMP-11, R-CAMP-12, R-CAMP-13), newest first.

    Args:
        game_system (LobbiesListLobbiesGameSystemType0 | None | Unset): Only this game system.
        status (CampaignStatus | None | Unset): `lobby`: places to take; `active`: open seats.
        max_deadline_hours (int | None | Unset): Turns of at most this many hours.
        anonymity (bool | None | Unset): With or without anonymity.
        spectators (bool | None | Unset): `true`: only running campaigns that take spectators
            (R-CAMP-13).
        limit (int | None | Unset): Page size; capped at the server's maximum.
        offset (int | Unset): Number of items to skip. Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LobbyPage | Problem | Problem | ValidationProblem
    """

    return sync_detailed(
        client=client,
        game_system=game_system,
        status=status,
        max_deadline_hours=max_deadline_hours,
        anonymity=anonymity,
        spectators=spectators,
        limit=limit,
        offset=offset,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    game_system: LobbiesListLobbiesGameSystemType0 | None | Unset = UNSET,
    status: CampaignStatus | None | Unset = UNSET,
    max_deadline_hours: int | None | Unset = UNSET,
    anonymity: bool | None | Unset = UNSET,
    spectators: bool | None | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    offset: int | Unset = 0,
) -> Response[LobbyPage | Problem | Problem | ValidationProblem]:
    """Public campaigns that take newcomers: lobbies with places, running campaigns with open

     Public campaigns that take newcomers: lobbies with places, running campaigns with open
    seats or that take spectators (R-CAMP-11, R-CAMP-12, R-CAMP-13), newest first.

    Args:
        game_system (LobbiesListLobbiesGameSystemType0 | None | Unset): Only this game system.
        status (CampaignStatus | None | Unset): `lobby`: places to take; `active`: open seats.
        max_deadline_hours (int | None | Unset): Turns of at most this many hours.
        anonymity (bool | None | Unset): With or without anonymity.
        spectators (bool | None | Unset): `true`: only running campaigns that take spectators
            (R-CAMP-13).
        limit (int | None | Unset): Page size; capped at the server's maximum.
        offset (int | Unset): Number of items to skip. Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LobbyPage | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        game_system=game_system,
        status=status,
        max_deadline_hours=max_deadline_hours,
        anonymity=anonymity,
        spectators=spectators,
        limit=limit,
        offset=offset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    game_system: LobbiesListLobbiesGameSystemType0 | None | Unset = UNSET,
    status: CampaignStatus | None | Unset = UNSET,
    max_deadline_hours: int | None | Unset = UNSET,
    anonymity: bool | None | Unset = UNSET,
    spectators: bool | None | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    offset: int | Unset = 0,
) -> LobbyPage | Problem | Problem | ValidationProblem | None:
    """Public campaigns that take newcomers: lobbies with places, running campaigns with open

     Public campaigns that take newcomers: lobbies with places, running campaigns with open
    seats or that take spectators (R-CAMP-11, R-CAMP-12, R-CAMP-13), newest first.

    Args:
        game_system (LobbiesListLobbiesGameSystemType0 | None | Unset): Only this game system.
        status (CampaignStatus | None | Unset): `lobby`: places to take; `active`: open seats.
        max_deadline_hours (int | None | Unset): Turns of at most this many hours.
        anonymity (bool | None | Unset): With or without anonymity.
        spectators (bool | None | Unset): `true`: only running campaigns that take spectators
            (R-CAMP-13).
        limit (int | None | Unset): Page size; capped at the server's maximum.
        offset (int | Unset): Number of items to skip. Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LobbyPage | Problem | Problem | ValidationProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            game_system=game_system,
            status=status,
            max_deadline_hours=max_deadline_hours,
            anonymity=anonymity,
            spectators=spectators,
            limit=limit,
            offset=offset,
        )
    ).parsed
