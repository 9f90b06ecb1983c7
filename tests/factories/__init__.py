"""What tests share, so that no test module imports another (tests/meta/test_test_imports.py).

- `engine`: rules-engine states for tests/rules (maps, players, armies, battles, events).
- `flows`: HTTP game flows (register and log in, create, join, start, change the turn, export).
- `planting`: rows a test writes itself, with a new world version (`planted`).
- `battles`, `diplomacy`: battles and edicts over HTTP.
- `races`, `servers`, `streams`, `webhooks`, `tracing`: committed races, real servers, the event
  stream, a webhook receiver, tracing kept in memory (fixtures among them).
- `isolation`, `fog_games`: two campaigns side by side; random fog games checked turn by turn.
"""
