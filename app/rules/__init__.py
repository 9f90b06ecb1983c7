"""The Marchlords rules engine: pure, deterministic functions over plain data (stdlib only)."""
