"""`Idempotency-Key` on campaign writes: a retry gets the first response, not the work again."""
