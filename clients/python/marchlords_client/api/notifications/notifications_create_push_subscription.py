from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.push_subscription_create import PushSubscriptionCreate
from ...models.push_subscription_read import PushSubscriptionRead
from ...models.validation_problem import ValidationProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PushSubscriptionCreate,
    user_agent: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(user_agent, Unset):
        headers["user-agent"] = user_agent

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/users/me/push-subscriptions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Problem | ValidationProblem | PushSubscriptionRead | None:
    if response.status_code == 200:
        response_200 = PushSubscriptionRead.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = PushSubscriptionRead.from_dict(response.json())

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
) -> Response[Problem | Problem | ValidationProblem | PushSubscriptionRead]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionCreate,
    user_agent: None | str | Unset = UNSET,
) -> Response[Problem | Problem | ValidationProblem | PushSubscriptionRead]:
    """Subscribe a browser to your notifications (the same endpoint again: 200, unchanged).

     Subscribe a browser to your notifications (the same endpoint again: 200, unchanged).

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        user_agent (None | str | Unset):
        body (PushSubscriptionCreate): The browser's `PushSubscription.toJSON()` (its
            `expirationTime` is allowed and
            ignored).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Problem | ValidationProblem | PushSubscriptionRead]
    """

    kwargs = _get_kwargs(
        body=body,
        user_agent=user_agent,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionCreate,
    user_agent: None | str | Unset = UNSET,
) -> Problem | Problem | ValidationProblem | PushSubscriptionRead | None:
    """Subscribe a browser to your notifications (the same endpoint again: 200, unchanged).

     Subscribe a browser to your notifications (the same endpoint again: 200, unchanged).

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        user_agent (None | str | Unset):
        body (PushSubscriptionCreate): The browser's `PushSubscription.toJSON()` (its
            `expirationTime` is allowed and
            ignored).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Problem | ValidationProblem | PushSubscriptionRead
    """

    return sync_detailed(
        client=client,
        body=body,
        user_agent=user_agent,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionCreate,
    user_agent: None | str | Unset = UNSET,
) -> Response[Problem | Problem | ValidationProblem | PushSubscriptionRead]:
    """Subscribe a browser to your notifications (the same endpoint again: 200, unchanged).

     Subscribe a browser to your notifications (the same endpoint again: 200, unchanged).

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        user_agent (None | str | Unset):
        body (PushSubscriptionCreate): The browser's `PushSubscription.toJSON()` (its
            `expirationTime` is allowed and
            ignored).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Problem | ValidationProblem | PushSubscriptionRead]
    """

    kwargs = _get_kwargs(
        body=body,
        user_agent=user_agent,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionCreate,
    user_agent: None | str | Unset = UNSET,
) -> Problem | Problem | ValidationProblem | PushSubscriptionRead | None:
    """Subscribe a browser to your notifications (the same endpoint again: 200, unchanged).

     Subscribe a browser to your notifications (the same endpoint again: 200, unchanged).

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        user_agent (None | str | Unset):
        body (PushSubscriptionCreate): The browser's `PushSubscription.toJSON()` (its
            `expirationTime` is allowed and
            ignored).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Problem | ValidationProblem | PushSubscriptionRead
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            user_agent=user_agent,
        )
    ).parsed
