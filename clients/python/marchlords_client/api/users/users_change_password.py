from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.password_change import PasswordChange
from ...models.problem import Problem
from ...models.validation_problem import ValidationProblem
from ...types import Response


def _get_kwargs(
    *,
    body: PasswordChange,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/users/me/password",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | Problem | ValidationProblem | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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
) -> Response[Any | Problem | Problem | ValidationProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PasswordChange,
) -> Response[Any | Problem | Problem | ValidationProblem]:
    """Change my password, given the current one (from a session or an `account` token); every

     Change my password, given the current one (from a session or an `account` token); every
    other token of mine is revoked, this one keeps working. An account made with another
    provider's sign-in sets its first password without one, within minutes of a sign-in.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        body (PasswordChange): A new password, given with the current one (none for an account's
            first password).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: PasswordChange,
) -> Any | Problem | Problem | ValidationProblem | None:
    """Change my password, given the current one (from a session or an `account` token); every

     Change my password, given the current one (from a session or an `account` token); every
    other token of mine is revoked, this one keeps working. An account made with another
    provider's sign-in sets its first password without one, within minutes of a sign-in.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        body (PasswordChange): A new password, given with the current one (none for an account's
            first password).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | Problem | ValidationProblem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PasswordChange,
) -> Response[Any | Problem | Problem | ValidationProblem]:
    """Change my password, given the current one (from a session or an `account` token); every

     Change my password, given the current one (from a session or an `account` token); every
    other token of mine is revoked, this one keeps working. An account made with another
    provider's sign-in sets its first password without one, within minutes of a sign-in.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        body (PasswordChange): A new password, given with the current one (none for an account's
            first password).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PasswordChange,
) -> Any | Problem | Problem | ValidationProblem | None:
    """Change my password, given the current one (from a session or an `account` token); every

     Change my password, given the current one (from a session or an `account` token); every
    other token of mine is revoked, this one keeps working. An account made with another
    provider's sign-in sets its first password without one, within minutes of a sign-in.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        body (PasswordChange): A new password, given with the current one (none for an account's
            first password).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | Problem | ValidationProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
