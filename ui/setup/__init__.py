"""The new-game screen (rules, seats, house rules), the rules reference, and
what a first visit chose before the engine was ready."""
