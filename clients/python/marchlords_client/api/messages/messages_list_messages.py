from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.message_page import MessagePage
from ...models.problem import Problem
from ...models.validation_problem import ValidationProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    campaign_id: UUID,
    *,
    before: int | None | Unset = UNSET,
    after: int | None | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    thread: int | None | Unset = UNSET,
    if_none_match: None | str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    json_before: int | None | Unset
    if isinstance(before, Unset):
        json_before = UNSET
    else:
        json_before = before
    params["before"] = json_before

    json_after: int | None | Unset
    if isinstance(after, Unset):
        json_after = UNSET
    else:
        json_after = after
    params["after"] = json_after

    json_limit: int | None | Unset
    if isinstance(limit, Unset):
        json_limit = UNSET
    else:
        json_limit = limit
    params["limit"] = json_limit

    json_thread: int | None | Unset
    if isinstance(thread, Unset):
        json_thread = UNSET
    else:
        json_thread = thread
    params["thread"] = json_thread

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/campaigns/{campaign_id}/messages".format(
            campaign_id=quote(str(campaign_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | MessagePage | Problem | Problem | ValidationProblem | None:
    if response.status_code == 200:
        response_200 = MessagePage.from_dict(response.json())

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
) -> Response[Any | MessagePage | Problem | Problem | ValidationProblem]:
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
    before: int | None | Unset = UNSET,
    after: int | None | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    thread: int | None | Unset = UNSET,
    if_none_match: None | str | Unset = UNSET,
) -> Response[Any | MessagePage | Problem | Problem | ValidationProblem]:
    """Your messages, sent and received, newest first (cursor pages by your messages' ids).

     Your messages, sent and received, newest first (cursor pages by your messages' ids).

    Conditional read: send the `ETag` of the copy you hold as `If-None-Match`; `304 Not Modified` (no
    body) means your copy is still current. Generated clients report a 304 as an answer without a parsed
    body: keep your copy then (docs/clients/conditional-reads.md).

    Args:
        campaign_id (UUID): The campaign's id.
        before (int | None | Unset): Only messages older than this one (its id).
        after (int | None | Unset): Only messages newer than this one (its id; 0: all).
        limit (int | None | Unset): Page size; capped at the server's maximum.
        thread (int | None | Unset): Only one conversation: 0, the messages to everyone; N, those
            between you and player N (group messages that include them too). Omitted: all.
        if_none_match (None | str | Unset): The `ETag` of a copy of this view you hold: if it is
            still current, the answer is `304 Not Modified` without a body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | MessagePage | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
        before=before,
        after=after,
        limit=limit,
        thread=thread,
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
    before: int | None | Unset = UNSET,
    after: int | None | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    thread: int | None | Unset = UNSET,
    if_none_match: None | str | Unset = UNSET,
) -> Any | MessagePage | Problem | Problem | ValidationProblem | None:
    """Your messages, sent and received, newest first (cursor pages by your messages' ids).

     Your messages, sent and received, newest first (cursor pages by your messages' ids).

    Conditional read: send the `ETag` of the copy you hold as `If-None-Match`; `304 Not Modified` (no
    body) means your copy is still current. Generated clients report a 304 as an answer without a parsed
    body: keep your copy then (docs/clients/conditional-reads.md).

    Args:
        campaign_id (UUID): The campaign's id.
        before (int | None | Unset): Only messages older than this one (its id).
        after (int | None | Unset): Only messages newer than this one (its id; 0: all).
        limit (int | None | Unset): Page size; capped at the server's maximum.
        thread (int | None | Unset): Only one conversation: 0, the messages to everyone; N, those
            between you and player N (group messages that include them too). Omitted: all.
        if_none_match (None | str | Unset): The `ETag` of a copy of this view you hold: if it is
            still current, the answer is `304 Not Modified` without a body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | MessagePage | Problem | Problem | ValidationProblem
    """

    return sync_detailed(
        campaign_id=campaign_id,
        client=client,
        before=before,
        after=after,
        limit=limit,
        thread=thread,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    campaign_id: UUID,
    *,
    client: AuthenticatedClient,
    before: int | None | Unset = UNSET,
    after: int | None | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    thread: int | None | Unset = UNSET,
    if_none_match: None | str | Unset = UNSET,
) -> Response[Any | MessagePage | Problem | Problem | ValidationProblem]:
    """Your messages, sent and received, newest first (cursor pages by your messages' ids).

     Your messages, sent and received, newest first (cursor pages by your messages' ids).

    Conditional read: send the `ETag` of the copy you hold as `If-None-Match`; `304 Not Modified` (no
    body) means your copy is still current. Generated clients report a 304 as an answer without a parsed
    body: keep your copy then (docs/clients/conditional-reads.md).

    Args:
        campaign_id (UUID): The campaign's id.
        before (int | None | Unset): Only messages older than this one (its id).
        after (int | None | Unset): Only messages newer than this one (its id; 0: all).
        limit (int | None | Unset): Page size; capped at the server's maximum.
        thread (int | None | Unset): Only one conversation: 0, the messages to everyone; N, those
            between you and player N (group messages that include them too). Omitted: all.
        if_none_match (None | str | Unset): The `ETag` of a copy of this view you hold: if it is
            still current, the answer is `304 Not Modified` without a body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | MessagePage | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        campaign_id=campaign_id,
        before=before,
        after=after,
        limit=limit,
        thread=thread,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    campaign_id: UUID,
    *,
    client: AuthenticatedClient,
    before: int | None | Unset = UNSET,
    after: int | None | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    thread: int | None | Unset = UNSET,
    if_none_match: None | str | Unset = UNSET,
) -> Any | MessagePage | Problem | Problem | ValidationProblem | None:
    """Your messages, sent and received, newest first (cursor pages by your messages' ids).

     Your messages, sent and received, newest first (cursor pages by your messages' ids).

    Conditional read: send the `ETag` of the copy you hold as `If-None-Match`; `304 Not Modified` (no
    body) means your copy is still current. Generated clients report a 304 as an answer without a parsed
    body: keep your copy then (docs/clients/conditional-reads.md).

    Args:
        campaign_id (UUID): The campaign's id.
        before (int | None | Unset): Only messages older than this one (its id).
        after (int | None | Unset): Only messages newer than this one (its id; 0: all).
        limit (int | None | Unset): Page size; capped at the server's maximum.
        thread (int | None | Unset): Only one conversation: 0, the messages to everyone; N, those
            between you and player N (group messages that include them too). Omitted: all.
        if_none_match (None | str | Unset): The `ETag` of a copy of this view you hold: if it is
            still current, the answer is `304 Not Modified` without a body.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | MessagePage | Problem | Problem | ValidationProblem
    """

    return (
        await asyncio_detailed(
            campaign_id=campaign_id,
            client=client,
            before=before,
            after=after,
            limit=limit,
            thread=thread,
            if_none_match=if_none_match,
        )
    ).parsed
