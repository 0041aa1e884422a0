"""Learning from the bots at the table: the hint, and the coach on the score sheet."""
