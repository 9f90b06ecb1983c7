"""What any server needs whatever it serves: settings, the database, errors, languages, logs,
metrics, caches, pagination, conditional reads."""
