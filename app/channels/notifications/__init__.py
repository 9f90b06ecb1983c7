"""Notifications (issue 15): webhooks to players' own endpoints, Discord and Slack.

- `messages`: what a notification says (kinds, data, the sentences), fog-checked by scope;
- `formats`: the bodies posted (Standard Webhooks JSON, Discord, Slack);
- `outbox`: deliveries written in the transaction of the change that causes them;
- `ssrf`: which URLs may be posted to; `delivery`: the worker; `reminders`: before deadlines;
- `service`, `router`, `schemas`: endpoints, delivery logs, pings, quiet hours.
"""
