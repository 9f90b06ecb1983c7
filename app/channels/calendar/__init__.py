"""A personal calendar feed (iCalendar) behind a secret URL: turn deadlines and battle dates."""
