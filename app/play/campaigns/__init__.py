"""Campaigns: creation, rulesets and settings, the lobby, start and end, membership and the campaign
lock."""
