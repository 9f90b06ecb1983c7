"""Password reset by email: it builds on the accounts (app.auth, app.users) and the email
outbox (app.notifications), which know nothing of it."""
