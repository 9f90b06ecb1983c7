from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.join_request_create import JoinRequestCreate
from ...models.join_request_read import JoinRequestRead
from ...models.problem import Problem
from ...models.validation_problem import ValidationProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: JoinRequestCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/users/me/join-requests",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> JoinRequestRead | Problem | Problem | ValidationProblem | None:
    if response.status_code == 200:
        response_200 = JoinRequestRead.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = JoinRequestRead.from_dict(response.json())

        return response_201

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
) -> Response[JoinRequestRead | Problem | Problem | ValidationProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: JoinRequestCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[JoinRequestRead | Problem | Problem | ValidationProblem]:
    """Ask to join a public campaign's lobby, or for one of its open seats; the owner answers

     Ask to join a public campaign's lobby, or for one of its open seats; the owner answers
    (R-CAMP-11, R-CAMP-12). You are no member until they accept. The same ask again (a retry)
    answers 200 with the request pending, unchanged; an ask for another place of the campaign
    is refused until that one is withdrawn (409 `join_request_pending`). `Idempotency-Key` is
    honoured as well.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        idempotency_key (None | str | Unset): Any unique string (a UUID is best). A retry with the
            same key and the same request returns the first response, with `Idempotent-Replayed:
            true`, without doing the work again; the same key with another request is refused (422
            `idempotency_key_reused`). Keys are per user and remembered for 24 hours (by default).
        body (JoinRequestCreate): Ask to join a public campaign (R-CAMP-11): its lobby, or one of
            its open seats.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JoinRequestRead | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: JoinRequestCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> JoinRequestRead | Problem | Problem | ValidationProblem | None:
    """Ask to join a public campaign's lobby, or for one of its open seats; the owner answers

     Ask to join a public campaign's lobby, or for one of its open seats; the owner answers
    (R-CAMP-11, R-CAMP-12). You are no member until they accept. The same ask again (a retry)
    answers 200 with the request pending, unchanged; an ask for another place of the campaign
    is refused until that one is withdrawn (409 `join_request_pending`). `Idempotency-Key` is
    honoured as well.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        idempotency_key (None | str | Unset): Any unique string (a UUID is best). A retry with the
            same key and the same request returns the first response, with `Idempotent-Replayed:
            true`, without doing the work again; the same key with another request is refused (422
            `idempotency_key_reused`). Keys are per user and remembered for 24 hours (by default).
        body (JoinRequestCreate): Ask to join a public campaign (R-CAMP-11): its lobby, or one of
            its open seats.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JoinRequestRead | Problem | Problem | ValidationProblem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: JoinRequestCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[JoinRequestRead | Problem | Problem | ValidationProblem]:
    """Ask to join a public campaign's lobby, or for one of its open seats; the owner answers

     Ask to join a public campaign's lobby, or for one of its open seats; the owner answers
    (R-CAMP-11, R-CAMP-12). You are no member until they accept. The same ask again (a retry)
    answers 200 with the request pending, unchanged; an ask for another place of the campaign
    is refused until that one is withdrawn (409 `join_request_pending`). `Idempotency-Key` is
    honoured as well.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        idempotency_key (None | str | Unset): Any unique string (a UUID is best). A retry with the
            same key and the same request returns the first response, with `Idempotent-Replayed:
            true`, without doing the work again; the same key with another request is refused (422
            `idempotency_key_reused`). Keys are per user and remembered for 24 hours (by default).
        body (JoinRequestCreate): Ask to join a public campaign (R-CAMP-11): its lobby, or one of
            its open seats.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[JoinRequestRead | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: JoinRequestCreate,
    idempotency_key: None | str | Unset = UNSET,
) -> JoinRequestRead | Problem | Problem | ValidationProblem | None:
    """Ask to join a public campaign's lobby, or for one of its open seats; the owner answers

     Ask to join a public campaign's lobby, or for one of its open seats; the owner answers
    (R-CAMP-11, R-CAMP-12). You are no member until they accept. The same ask again (a retry)
    answers 200 with the request pending, unchanged; an ask for another place of the campaign
    is refused until that one is withdrawn (409 `join_request_pending`). `Idempotency-Key` is
    honoured as well.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        idempotency_key (None | str | Unset): Any unique string (a UUID is best). A retry with the
            same key and the same request returns the first response, with `Idempotent-Replayed:
            true`, without doing the work again; the same key with another request is refused (422
            `idempotency_key_reused`). Keys are per user and remembered for 24 hours (by default).
        body (JoinRequestCreate): Ask to join a public campaign (R-CAMP-11): its lobby, or one of
            its open seats.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        JoinRequestRead | Problem | Problem | ValidationProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
