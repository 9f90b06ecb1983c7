"""Where each table lives on a Citus cluster, generated from the models (docs/scaling.md)."""
