"""Opaque bearer token secrets: generated randomly, stored only as SHA-256 digests."""

import hashlib
import secrets


def generate_token() -> str:
    """A new URL-safe secret with 256 bits of entropy."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """Hex SHA-256 digest stored in the database (the secret's entropy makes salting moot)."""
    return hashlib.sha256(token.encode()).hexdigest()
