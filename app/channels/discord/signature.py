"""Discord's request signature: Ed25519 over the timestamp header and the raw body.

Checked before anything else is done with the request (no JSON parsed, no database touched):
an unsigned, badly signed or stale request is a 401 problem. The timestamp is Discord's, in
seconds; one older than `MAX_AGE` or later than `MAX_AHEAD` is refused, so that a request
captured on the way cannot be replayed later.
"""

from datetime import datetime, timedelta

from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey

from app.platform.errors import Unauthorized
from app.platform.i18n import _

MAX_AGE = timedelta(minutes=5)
# Clocks differ a little: a timestamp slightly ahead of ours is Discord's clock, not a forgery.
MAX_AHEAD = timedelta(seconds=30)
# Discord's signatures are 64 bytes (128 hexadecimal digits); timestamps are Unix seconds.
SIGNATURE_HEX_LENGTH = 128
TIMESTAMP_MAX_DIGITS = 12

# Not Bearer: the credential is the signature, not a token.
_CHALLENGE = {"WWW-Authenticate": 'Signature realm="discord"'}


def _refuse() -> Unauthorized:
    # One text for every failure: which check failed is nothing a forger needs to know.
    return Unauthorized(
        _("The request's Discord signature is missing, invalid or stale."), headers=_CHALLENGE
    )


def verify(
    public_key: str, signature: str | None, timestamp: str | None, body: bytes, now: datetime
) -> None:
    """Raise 401 unless `signature` is the key's Ed25519 signature of `timestamp + body` and
    the timestamp is recent."""
    if not signature or not timestamp:
        raise _refuse()
    if len(signature) != SIGNATURE_HEX_LENGTH or not timestamp.isascii():
        raise _refuse()
    if not timestamp.isdigit() or len(timestamp) > TIMESTAMP_MAX_DIGITS:
        raise _refuse()
    try:
        signature_bytes = bytes.fromhex(signature)
    except ValueError:
        raise _refuse() from None
    try:
        VerifyKey(bytes.fromhex(public_key)).verify(timestamp.encode() + body, signature_bytes)
    except BadSignatureError:
        raise _refuse() from None
    # After the signature: the timestamp is Discord's own, so its age is what Discord says.
    age = now.timestamp() - int(timestamp)
    if age > MAX_AGE.total_seconds() or -age > MAX_AHEAD.total_seconds():
        raise _refuse()
