from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.validation_problem import ValidationProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    provider: str,
    *,
    state: str,
    code: None | str | Unset = UNSET,
    error: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["state"] = state

    json_code: None | str | Unset
    if isinstance(code, Unset):
        json_code = UNSET
    else:
        json_code = code
    params["code"] = json_code

    json_error: None | str | Unset
    if isinstance(error, Unset):
        json_error = UNSET
    else:
        json_error = error
    params["error"] = json_error

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/auth/oidc/{provider}/callback".format(
            provider=quote(str(provider), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | Problem | ValidationProblem | None:
    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

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
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    state: str,
    code: None | str | Unset = UNSET,
    error: None | str | Unset = UNSET,
) -> Response[Any | Problem | Problem | ValidationProblem]:
    """Where the provider returns: the state, the code and who signed in are checked, then

     Where the provider returns: the state, the code and who signed in are checked, then
    the web client gets a one-time ticket (`POST /v1/auth/oidc/ticket`), or the identity is
    linked to the account that asked; a refusal goes there too, as its `error` code.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Takes no credentials.

    Args:
        provider (str):
        state (str):
        code (None | str | Unset):
        error (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        provider=provider,
        state=state,
        code=code,
        error=error,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    state: str,
    code: None | str | Unset = UNSET,
    error: None | str | Unset = UNSET,
) -> Any | Problem | Problem | ValidationProblem | None:
    """Where the provider returns: the state, the code and who signed in are checked, then

     Where the provider returns: the state, the code and who signed in are checked, then
    the web client gets a one-time ticket (`POST /v1/auth/oidc/ticket`), or the identity is
    linked to the account that asked; a refusal goes there too, as its `error` code.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Takes no credentials.

    Args:
        provider (str):
        state (str):
        code (None | str | Unset):
        error (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | Problem | ValidationProblem
    """

    return sync_detailed(
        provider=provider,
        client=client,
        state=state,
        code=code,
        error=error,
    ).parsed


async def asyncio_detailed(
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    state: str,
    code: None | str | Unset = UNSET,
    error: None | str | Unset = UNSET,
) -> Response[Any | Problem | Problem | ValidationProblem]:
    """Where the provider returns: the state, the code and who signed in are checked, then

     Where the provider returns: the state, the code and who signed in are checked, then
    the web client gets a one-time ticket (`POST /v1/auth/oidc/ticket`), or the identity is
    linked to the account that asked; a refusal goes there too, as its `error` code.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Takes no credentials.

    Args:
        provider (str):
        state (str):
        code (None | str | Unset):
        error (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        provider=provider,
        state=state,
        code=code,
        error=error,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    state: str,
    code: None | str | Unset = UNSET,
    error: None | str | Unset = UNSET,
) -> Any | Problem | Problem | ValidationProblem | None:
    """Where the provider returns: the state, the code and who signed in are checked, then

     Where the provider returns: the state, the code and who signed in are checked, then
    the web client gets a one-time ticket (`POST /v1/auth/oidc/ticket`), or the identity is
    linked to the account that asked; a refusal goes there too, as its `error` code.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Takes no credentials.

    Args:
        provider (str):
        state (str):
        code (None | str | Unset):
        error (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | Problem | ValidationProblem
    """

    return (
        await asyncio_detailed(
            provider=provider,
            client=client,
            state=state,
            code=code,
            error=error,
        )
    ).parsed
