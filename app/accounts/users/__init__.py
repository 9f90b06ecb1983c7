"""User accounts: registration and profile."""
