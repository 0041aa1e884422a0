"""Running the engine's pausable work (generators that yield between small
units, so the page stays free) to its end, where nothing needs the pauses."""


def run_to_end(steps):
    """A generator's return value, once it has run to its end (its pauses ignored)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
