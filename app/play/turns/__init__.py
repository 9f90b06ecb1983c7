"""The turn: readiness, the exactly-once turn change, snapshots and rollback (R-TURN)."""
