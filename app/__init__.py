"""Marchlords: JSON REST API server for multiplayer hex-map wargame campaigns."""
