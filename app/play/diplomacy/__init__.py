"""Diplomacy: edicts and treaties between players (R-DIP)."""
