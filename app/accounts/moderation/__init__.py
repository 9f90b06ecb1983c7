"""Moderation between users: blocks, owners' bans, the operator role and suspensions."""
