"""Page entry point (run by PyScript): load the engine, start the table.

URL options: ``?delay=N`` sets the bots' pause per action in milliseconds
over the settings' bot speed (0: instant, no motion); ``?seed=N`` fixes the
deal for reproducible tests.
"""

import random

from ui import dom


def _int_param(name, default):
    raw = dom.query_param(name)
    try:
        return int(raw) if raw is not None else default
    except ValueError:
        return default


def main():
    # A runtime restored from a snapshot (ui/snapshot.mjs) holds the snapshot's
    # random state: every visit would draw alike (a new game's seed) unless reseeded.
    random.seed()
    try:
        import game  # noqa: F401  (import-time failures must reach the page)
        from ui.controller import Controller
    except Exception as exc:
        dom.fail(f"Could not load the game engine: {type(exc).__name__}: {exc}")
        return
    controller = Controller(dom, delay_ms=_int_param("delay", None),
                            seed=_int_param("seed", None))
    controller.start()
    if controller.session.state is None:  # a game resumed at start-up keeps its own status line
        dom.set_text("status", "Ready: choose your game.")
    dom.set_app_state("ready")


main()
