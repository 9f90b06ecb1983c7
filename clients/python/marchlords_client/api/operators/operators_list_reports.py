from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.abuse_report_page import AbuseReportPage
from ...models.problem import Problem
from ...models.validation_problem import ValidationProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    open_: bool | Unset = True,
    limit: int | None | Unset = UNSET,
    offset: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["open"] = open_

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
        "url": "/v1/operator/reports",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AbuseReportPage | Problem | Problem | ValidationProblem | None:
    if response.status_code == 200:
        response_200 = AbuseReportPage.from_dict(response.json())

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
) -> Response[AbuseReportPage | Problem | Problem | ValidationProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    open_: bool | Unset = True,
    limit: int | None | Unset = UNSET,
    offset: int | Unset = 0,
) -> Response[AbuseReportPage | Problem | Problem | ValidationProblem]:
    """The users' reports, each with its item as its reporter saw it (operators only).

     The users' reports, each with its item as its reporter saw it (operators only).

    Args:
        open_ (bool | Unset): Only the open ones, oldest first. Default: True.
        limit (int | None | Unset): Page size; capped at the server's maximum.
        offset (int | Unset): Number of items to skip. Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AbuseReportPage | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        open_=open_,
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
    open_: bool | Unset = True,
    limit: int | None | Unset = UNSET,
    offset: int | Unset = 0,
) -> AbuseReportPage | Problem | Problem | ValidationProblem | None:
    """The users' reports, each with its item as its reporter saw it (operators only).

     The users' reports, each with its item as its reporter saw it (operators only).

    Args:
        open_ (bool | Unset): Only the open ones, oldest first. Default: True.
        limit (int | None | Unset): Page size; capped at the server's maximum.
        offset (int | Unset): Number of items to skip. Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AbuseReportPage | Problem | Problem | ValidationProblem
    """

    return sync_detailed(
        client=client,
        open_=open_,
        limit=limit,
        offset=offset,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    open_: bool | Unset = True,
    limit: int | None | Unset = UNSET,
    offset: int | Unset = 0,
) -> Response[AbuseReportPage | Problem | Problem | ValidationProblem]:
    """The users' reports, each with its item as its reporter saw it (operators only).

     The users' reports, each with its item as its reporter saw it (operators only).

    Args:
        open_ (bool | Unset): Only the open ones, oldest first. Default: True.
        limit (int | None | Unset): Page size; capped at the server's maximum.
        offset (int | Unset): Number of items to skip. Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AbuseReportPage | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        open_=open_,
        limit=limit,
        offset=offset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    open_: bool | Unset = True,
    limit: int | None | Unset = UNSET,
    offset: int | Unset = 0,
) -> AbuseReportPage | Problem | Problem | ValidationProblem | None:
    """The users' reports, each with its item as its reporter saw it (operators only).

     The users' reports, each with its item as its reporter saw it (operators only).

    Args:
        open_ (bool | Unset): Only the open ones, oldest first. Default: True.
        limit (int | None | Unset): Page size; capped at the server's maximum.
        offset (int | Unset): Number of items to skip. Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AbuseReportPage | Problem | Problem | ValidationProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            open_=open_,
            limit=limit,
            offset=offset,
        )
    ).parsed
