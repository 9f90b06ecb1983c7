"""Personal access tokens for scripts and bots."""
