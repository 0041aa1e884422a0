"""Never lose a game: autosave, the games screen, files and share links."""
