"""Discord interactions (issue 46 §3): `/marchlords` slash commands, signed by Discord, answered
by the same services as the HTTP API; accounts linked by one-time codes"""
