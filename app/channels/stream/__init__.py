"""Live campaign events over Server-Sent Events, fed by PostgreSQL LISTEN/NOTIFY."""
