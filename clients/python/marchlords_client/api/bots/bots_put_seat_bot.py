from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bot_set import BotSet
from ...models.player_read import PlayerRead
from ...models.problem import Problem
from ...models.validation_problem import ValidationProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    campaign_id: UUID,
    number: int,
    *,
    body: BotSet,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/campaigns/{campaign_id}/seats/{number}/bot".format(
            campaign_id=quote(str(campaign_id), safe=""),
            number=quote(str(number), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerRead | Problem | Problem | ValidationProblem | None:
    if response.status_code == 200:
        response_200 = PlayerRead.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PlayerRead | Problem | Problem | ValidationProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    campaign_id: UUID,
    number: int,
    *,
    client: AuthenticatedClient,
    body: BotSet,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[PlayerRead | Problem | Problem | ValidationProblem]:
    """Put a bot on a seat, or change its difficulty and personality (owner): in the lobby on

     Put a bot on a seat, or change its difficulty and personality (owner): in the lobby on
    an empty seat (a new one needs `faction` and `slot`), once the campaign runs on a seat in
    civil disorder; it orders at every turn change and never blocks a turn (R-BOT).

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        campaign_id (UUID): The campaign's id.
        number (int): The seat's player number.
        idempotency_key (None | str | Unset): Any unique string (a UUID is best). A retry with the
            same key and the same request returns the first response, with `Idempotent-Replayed:
            true`, without doing the work again; the same key with another request is refused (422
            `idempotency_key_reused`). Keys are per user and remembered for 24 hours (by default).
        body (BotSet): Put a bot on a seat, or change the one there (R-BOT-1).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerRead | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
        number=number,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    campaign_id: UUID,
    number: int,
    *,
    client: AuthenticatedClient,
    body: BotSet,
    idempotency_key: None | str | Unset = UNSET,
) -> PlayerRead | Problem | Problem | ValidationProblem | None:
    """Put a bot on a seat, or change its difficulty and personality (owner): in the lobby on

     Put a bot on a seat, or change its difficulty and personality (owner): in the lobby on
    an empty seat (a new one needs `faction` and `slot`), once the campaign runs on a seat in
    civil disorder; it orders at every turn change and never blocks a turn (R-BOT).

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        campaign_id (UUID): The campaign's id.
        number (int): The seat's player number.
        idempotency_key (None | str | Unset): Any unique string (a UUID is best). A retry with the
            same key and the same request returns the first response, with `Idempotent-Replayed:
            true`, without doing the work again; the same key with another request is refused (422
            `idempotency_key_reused`). Keys are per user and remembered for 24 hours (by default).
        body (BotSet): Put a bot on a seat, or change the one there (R-BOT-1).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerRead | Problem | Problem | ValidationProblem
    """

    return sync_detailed(
        campaign_id=campaign_id,
        number=number,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    campaign_id: UUID,
    number: int,
    *,
    client: AuthenticatedClient,
    body: BotSet,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[PlayerRead | Problem | Problem | ValidationProblem]:
    """Put a bot on a seat, or change its difficulty and personality (owner): in the lobby on

     Put a bot on a seat, or change its difficulty and personality (owner): in the lobby on
    an empty seat (a new one needs `faction` and `slot`), once the campaign runs on a seat in
    civil disorder; it orders at every turn change and never blocks a turn (R-BOT).

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        campaign_id (UUID): The campaign's id.
        number (int): The seat's player number.
        idempotency_key (None | str | Unset): Any unique string (a UUID is best). A retry with the
            same key and the same request returns the first response, with `Idempotent-Replayed:
            true`, without doing the work again; the same key with another request is refused (422
            `idempotency_key_reused`). Keys are per user and remembered for 24 hours (by default).
        body (BotSet): Put a bot on a seat, or change the one there (R-BOT-1).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerRead | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
        number=number,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    campaign_id: UUID,
    number: int,
    *,
    client: AuthenticatedClient,
    body: BotSet,
    idempotency_key: None | str | Unset = UNSET,
) -> PlayerRead | Problem | Problem | ValidationProblem | None:
    """Put a bot on a seat, or change its difficulty and personality (owner): in the lobby on

     Put a bot on a seat, or change its difficulty and personality (owner): in the lobby on
    an empty seat (a new one needs `faction` and `slot`), once the campaign runs on a seat in
    civil disorder; it orders at every turn change and never blocks a turn (R-BOT).

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        campaign_id (UUID): The campaign's id.
        number (int): The seat's player number.
        idempotency_key (None | str | Unset): Any unique string (a UUID is best). A retry with the
            same key and the same request returns the first response, with `Idempotent-Replayed:
            true`, without doing the work again; the same key with another request is refused (422
            `idempotency_key_reused`). Keys are per user and remembered for 24 hours (by default).
        body (BotSet): Put a bot on a seat, or change the one there (R-BOT-1).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerRead | Problem | Problem | ValidationProblem
    """

    return (
        await asyncio_detailed(
            campaign_id=campaign_id,
            number=number,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
