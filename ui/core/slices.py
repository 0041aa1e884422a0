"""Long Python work on the page's one thread, cut into slices of about 35 ms.

The page runs Python on the browser's main thread: a search that ran for
500 ms in one go would freeze taps and frames for as long. The searches
(the ``hard`` bot's ``think``, the hint's, the coach's review) are
generators that yield between small units of work; ``run`` steps one until
it returns, handing the page back (``asyncio.sleep(0)``) after each slice.
"""

import asyncio
import time

SLICE_S = 0.035


class Stopped(Exception):
    """The work was abandoned between two slices (``go_on`` said no)."""


async def run(steps, go_on=lambda: True, progress=None):
    """Step the generator ``steps`` to its return value, the page free between
    slices. Returns (value, seconds spent inside the generator: the pauses
    are not counted). After each slice ``progress`` (if given) gets the last
    value yielded; ``go_on()`` false after a pause closes the generator and
    raises Stopped."""
    spent, last = 0.0, None
    while True:
        start = time.perf_counter()
        try:
            while time.perf_counter() - start < SLICE_S:
                last = next(steps)
        except StopIteration as done:
            return done.value, spent + time.perf_counter() - start
        spent += time.perf_counter() - start
        if progress is not None:
            progress(last)
        await asyncio.sleep(0)
        if not go_on():
            steps.close()
            raise Stopped


def median(values: list[float]) -> float:
    """The median of the slices' and moves' times (``statistics`` would cost the
    page ~70 ms of start-up to import)."""
    s = sorted(values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2
