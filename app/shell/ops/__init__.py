"""Operational endpoints: liveness and readiness probes."""
