"""Password reset by email: it builds on the accounts (app.accounts.auth, app.accounts.users) and
the email outbox (app.channels.notifications), which know nothing of it."""
