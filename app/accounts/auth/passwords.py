"""Password hashing (Argon2id via pwdlib), run off the event loop because it is CPU-bound."""

from functools import cache

from pwdlib import PasswordHash
from pwdlib.hashers.argon2 import Argon2Hasher
from starlette.concurrency import run_in_threadpool

_hasher = PasswordHash((Argon2Hasher(),))


def set_hasher(hasher: PasswordHash) -> None:
    """Swap the hasher (tests use cheap Argon2 parameters); resets the dummy hash."""
    global _hasher  # noqa: PLW0603
    _hasher = hasher
    _dummy_hash.cache_clear()


@cache
def _dummy_hash() -> str:
    # Verified against when the user does not exist, so unknown usernames cost as much time
    # as wrong passwords and login timing does not reveal which accounts exist.
    return _hasher.hash("marchlords-dummy-password")


async def hash_password(password: str) -> str:
    """Argon2id hash of `password`."""
    return await run_in_threadpool(_hasher.hash, password)


async def verify_password(password: str, password_hash: str | None) -> bool:
    """Check `password`; with no stored hash, burn the same time and return False."""
    if password_hash is None:
        await run_in_threadpool(_hasher.verify, password, _dummy_hash())
        return False
    return await run_in_threadpool(_hasher.verify, password, password_hash)
