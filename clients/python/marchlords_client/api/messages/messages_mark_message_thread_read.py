from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.read_mark import ReadMark
from ...models.thread_unread import ThreadUnread
from ...models.validation_problem import ValidationProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    campaign_id: UUID,
    thread: int,
    *,
    body: ReadMark,
    idempotency_key: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/campaigns/{campaign_id}/messages/threads/{thread}/read".format(
            campaign_id=quote(str(campaign_id), safe=""),
            thread=quote(str(thread), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Problem | ValidationProblem | ThreadUnread | None:
    if response.status_code == 200:
        response_200 = ThreadUnread.from_dict(response.json())

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
) -> Response[Problem | Problem | ValidationProblem | ThreadUnread]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    campaign_id: UUID,
    thread: int,
    *,
    client: AuthenticatedClient,
    body: ReadMark,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | Problem | ValidationProblem | ThreadUnread]:
    """Mark a message of one conversation and every older one of it as read.

     Mark a message of one conversation and every older one of it as read.

    The other conversations keep their unread messages (a group message read here is read in
    all of them). Marking again, or an older message, changes nothing; `up_to` must be a
    message of this conversation in your mailbox, any other id is 404.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        campaign_id (UUID): The campaign's id.
        thread (int): The conversation: 0, the messages to everyone; N, the one with player N (a
            seat's number, as `thread` in `GET …/messages`).
        idempotency_key (None | str | Unset): Any unique string (a UUID is best). A retry with the
            same key and the same request returns the first response, with `Idempotent-Replayed:
            true`, without doing the work again; the same key with another request is refused (422
            `idempotency_key_reused`). Keys are per user and remembered for 24 hours (by default).
        body (ReadMark):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Problem | ValidationProblem | ThreadUnread]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
        thread=thread,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    campaign_id: UUID,
    thread: int,
    *,
    client: AuthenticatedClient,
    body: ReadMark,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | Problem | ValidationProblem | ThreadUnread | None:
    """Mark a message of one conversation and every older one of it as read.

     Mark a message of one conversation and every older one of it as read.

    The other conversations keep their unread messages (a group message read here is read in
    all of them). Marking again, or an older message, changes nothing; `up_to` must be a
    message of this conversation in your mailbox, any other id is 404.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        campaign_id (UUID): The campaign's id.
        thread (int): The conversation: 0, the messages to everyone; N, the one with player N (a
            seat's number, as `thread` in `GET …/messages`).
        idempotency_key (None | str | Unset): Any unique string (a UUID is best). A retry with the
            same key and the same request returns the first response, with `Idempotent-Replayed:
            true`, without doing the work again; the same key with another request is refused (422
            `idempotency_key_reused`). Keys are per user and remembered for 24 hours (by default).
        body (ReadMark):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Problem | ValidationProblem | ThreadUnread
    """

    return sync_detailed(
        campaign_id=campaign_id,
        thread=thread,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    campaign_id: UUID,
    thread: int,
    *,
    client: AuthenticatedClient,
    body: ReadMark,
    idempotency_key: None | str | Unset = UNSET,
) -> Response[Problem | Problem | ValidationProblem | ThreadUnread]:
    """Mark a message of one conversation and every older one of it as read.

     Mark a message of one conversation and every older one of it as read.

    The other conversations keep their unread messages (a group message read here is read in
    all of them). Marking again, or an older message, changes nothing; `up_to` must be a
    message of this conversation in your mailbox, any other id is 404.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        campaign_id (UUID): The campaign's id.
        thread (int): The conversation: 0, the messages to everyone; N, the one with player N (a
            seat's number, as `thread` in `GET …/messages`).
        idempotency_key (None | str | Unset): Any unique string (a UUID is best). A retry with the
            same key and the same request returns the first response, with `Idempotent-Replayed:
            true`, without doing the work again; the same key with another request is refused (422
            `idempotency_key_reused`). Keys are per user and remembered for 24 hours (by default).
        body (ReadMark):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Problem | ValidationProblem | ThreadUnread]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
        thread=thread,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    campaign_id: UUID,
    thread: int,
    *,
    client: AuthenticatedClient,
    body: ReadMark,
    idempotency_key: None | str | Unset = UNSET,
) -> Problem | Problem | ValidationProblem | ThreadUnread | None:
    """Mark a message of one conversation and every older one of it as read.

     Mark a message of one conversation and every older one of it as read.

    The other conversations keep their unread messages (a group message read here is read in
    all of them). Marking again, or an older message, changes nothing; `up_to` must be a
    message of this conversation in your mailbox, any other id is 404.

    Rate limited: every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`;
    past the limit, 429 `too_many_requests` with `Retry-After`.

    Args:
        campaign_id (UUID): The campaign's id.
        thread (int): The conversation: 0, the messages to everyone; N, the one with player N (a
            seat's number, as `thread` in `GET …/messages`).
        idempotency_key (None | str | Unset): Any unique string (a UUID is best). A retry with the
            same key and the same request returns the first response, with `Idempotent-Replayed:
            true`, without doing the work again; the same key with another request is refused (422
            `idempotency_key_reused`). Keys are per user and remembered for 24 hours (by default).
        body (ReadMark):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Problem | ValidationProblem | ThreadUnread
    """

    return (
        await asyncio_detailed(
            campaign_id=campaign_id,
            thread=thread,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
