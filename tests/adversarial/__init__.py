"""Attacks on every channel a user writes into or reads, one module per channel (docs/security.md).

Each test is written as an attacker would try it, against the app over HTTP (or a live server),
and its name says the promise it checks.
"""
