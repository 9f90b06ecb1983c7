"""ORM models, one module per aggregate; importing this package registers them all.

Alembic's env imports it so autogenerate sees every table: add new model modules here.
"""

from app.models.token import Token, TokenKind
from app.models.user import User

__all__ = ["Token", "TokenKind", "User"]
