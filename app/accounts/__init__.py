"""Who plays: accounts, sign-in, bearer tokens and their scopes."""
