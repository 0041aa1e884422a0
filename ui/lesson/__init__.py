"""The guided first game: a recorded deal's lessons, planted on the real table."""
