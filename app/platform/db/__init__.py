"""Database layer: declarative base, sessions, embedded PostgreSQL."""
