"""Authentication: password login, bearer tokens, the `CurrentUser` dependency."""
