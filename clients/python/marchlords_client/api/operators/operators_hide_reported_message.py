from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.abuse_report_read import AbuseReportRead
from ...models.moderation_reason import ModerationReason
from ...models.problem import Problem
from ...models.validation_problem import ValidationProblem
from ...types import Response


def _get_kwargs(
    report_id: UUID,
    *,
    body: ModerationReason,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/operator/reports/{report_id}/hide-message".format(
            report_id=quote(str(report_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AbuseReportRead | Problem | Problem | ValidationProblem | None:
    if response.status_code == 200:
        response_200 = AbuseReportRead.from_dict(response.json())

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
) -> Response[AbuseReportRead | Problem | Problem | ValidationProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    report_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ModerationReason,
) -> Response[AbuseReportRead | Problem | Problem | ValidationProblem]:
    """Hide the message a report is about from every mailbox (operators only; audited).

     Hide the message a report is about from every mailbox (operators only; audited).

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        report_id (UUID): The report's id.
        body (ModerationReason): Why an operator acts: recorded in the audit log.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AbuseReportRead | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        report_id=report_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    report_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ModerationReason,
) -> AbuseReportRead | Problem | Problem | ValidationProblem | None:
    """Hide the message a report is about from every mailbox (operators only; audited).

     Hide the message a report is about from every mailbox (operators only; audited).

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        report_id (UUID): The report's id.
        body (ModerationReason): Why an operator acts: recorded in the audit log.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AbuseReportRead | Problem | Problem | ValidationProblem
    """

    return sync_detailed(
        report_id=report_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    report_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ModerationReason,
) -> Response[AbuseReportRead | Problem | Problem | ValidationProblem]:
    """Hide the message a report is about from every mailbox (operators only; audited).

     Hide the message a report is about from every mailbox (operators only; audited).

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        report_id (UUID): The report's id.
        body (ModerationReason): Why an operator acts: recorded in the audit log.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AbuseReportRead | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        report_id=report_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    report_id: UUID,
    *,
    client: AuthenticatedClient,
    body: ModerationReason,
) -> AbuseReportRead | Problem | Problem | ValidationProblem | None:
    """Hide the message a report is about from every mailbox (operators only; audited).

     Hide the message a report is about from every mailbox (operators only; audited).

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        report_id (UUID): The report's id.
        body (ModerationReason): Why an operator acts: recorded in the audit log.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AbuseReportRead | Problem | Problem | ValidationProblem
    """

    return (
        await asyncio_detailed(
            report_id=report_id,
            client=client,
            body=body,
        )
    ).parsed
