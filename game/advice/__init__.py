"""Learning from the ``hard`` bot, built on the engine and the bots: a hint
for the position at hand (hints), and the coach's review of a finished deal
(coach)."""
