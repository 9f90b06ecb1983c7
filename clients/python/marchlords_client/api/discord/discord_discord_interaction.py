from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.discord_discord_interaction_body import DiscordDiscordInteractionBody
from ...models.interaction_response import InteractionResponse
from ...models.problem import Problem
from ...models.validation_problem import ValidationProblem
from ...types import Response


def _get_kwargs(
    *,
    body: DiscordDiscordInteractionBody,
    x_signature_ed_25519: str,
    x_signature_timestamp: str,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Signature-Ed25519"] = x_signature_ed_25519

    headers["X-Signature-Timestamp"] = x_signature_timestamp

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/integrations/discord/interactions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> InteractionResponse | Problem | Problem | ValidationProblem | None:
    if response.status_code == 200:
        response_200 = InteractionResponse.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[InteractionResponse | Problem | Problem | ValidationProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DiscordDiscordInteractionBody,
    x_signature_ed_25519: str,
    x_signature_timestamp: str,
) -> Response[InteractionResponse | Problem | Problem | ValidationProblem]:
    """Discord's interactions (the `/marchlords` slash commands), signed by Discord.

     Discord's interactions (the `/marchlords` slash commands), signed by Discord.

    For Discord only: its application's "Interactions Endpoint URL". 404 while
    `MARCHLORDS_DISCORD_PUBLIC_KEY` is unset (the integration is off); 401 for a missing,
    invalid or stale signature, checked on the raw body before it is read as JSON. A command's
    refusal is an answer (text in the caller's Discord language), not an error.

    Takes no credentials.

    Args:
        x_signature_ed_25519 (str):
        x_signature_timestamp (str):
        body (DiscordDiscordInteractionBody): Discord's interaction object, signed by Discord
            (`X-Signature-Ed25519` over `X-Signature-Timestamp` and this body).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InteractionResponse | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_signature_ed_25519=x_signature_ed_25519,
        x_signature_timestamp=x_signature_timestamp,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: DiscordDiscordInteractionBody,
    x_signature_ed_25519: str,
    x_signature_timestamp: str,
) -> InteractionResponse | Problem | Problem | ValidationProblem | None:
    """Discord's interactions (the `/marchlords` slash commands), signed by Discord.

     Discord's interactions (the `/marchlords` slash commands), signed by Discord.

    For Discord only: its application's "Interactions Endpoint URL". 404 while
    `MARCHLORDS_DISCORD_PUBLIC_KEY` is unset (the integration is off); 401 for a missing,
    invalid or stale signature, checked on the raw body before it is read as JSON. A command's
    refusal is an answer (text in the caller's Discord language), not an error.

    Takes no credentials.

    Args:
        x_signature_ed_25519 (str):
        x_signature_timestamp (str):
        body (DiscordDiscordInteractionBody): Discord's interaction object, signed by Discord
            (`X-Signature-Ed25519` over `X-Signature-Timestamp` and this body).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InteractionResponse | Problem | Problem | ValidationProblem
    """

    return sync_detailed(
        client=client,
        body=body,
        x_signature_ed_25519=x_signature_ed_25519,
        x_signature_timestamp=x_signature_timestamp,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DiscordDiscordInteractionBody,
    x_signature_ed_25519: str,
    x_signature_timestamp: str,
) -> Response[InteractionResponse | Problem | Problem | ValidationProblem]:
    """Discord's interactions (the `/marchlords` slash commands), signed by Discord.

     Discord's interactions (the `/marchlords` slash commands), signed by Discord.

    For Discord only: its application's "Interactions Endpoint URL". 404 while
    `MARCHLORDS_DISCORD_PUBLIC_KEY` is unset (the integration is off); 401 for a missing,
    invalid or stale signature, checked on the raw body before it is read as JSON. A command's
    refusal is an answer (text in the caller's Discord language), not an error.

    Takes no credentials.

    Args:
        x_signature_ed_25519 (str):
        x_signature_timestamp (str):
        body (DiscordDiscordInteractionBody): Discord's interaction object, signed by Discord
            (`X-Signature-Ed25519` over `X-Signature-Timestamp` and this body).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[InteractionResponse | Problem | Problem | ValidationProblem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_signature_ed_25519=x_signature_ed_25519,
        x_signature_timestamp=x_signature_timestamp,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: DiscordDiscordInteractionBody,
    x_signature_ed_25519: str,
    x_signature_timestamp: str,
) -> InteractionResponse | Problem | Problem | ValidationProblem | None:
    """Discord's interactions (the `/marchlords` slash commands), signed by Discord.

     Discord's interactions (the `/marchlords` slash commands), signed by Discord.

    For Discord only: its application's "Interactions Endpoint URL". 404 while
    `MARCHLORDS_DISCORD_PUBLIC_KEY` is unset (the integration is off); 401 for a missing,
    invalid or stale signature, checked on the raw body before it is read as JSON. A command's
    refusal is an answer (text in the caller's Discord language), not an error.

    Takes no credentials.

    Args:
        x_signature_ed_25519 (str):
        x_signature_timestamp (str):
        body (DiscordDiscordInteractionBody): Discord's interaction object, signed by Discord
            (`X-Signature-Ed25519` over `X-Signature-Timestamp` and this body).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        InteractionResponse | Problem | Problem | ValidationProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_signature_ed_25519=x_signature_ed_25519,
            x_signature_timestamp=x_signature_timestamp,
        )
    ).parsed
