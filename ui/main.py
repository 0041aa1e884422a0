"""Page entry point (run by PyScript): load the engine, then mark the page ready.

Placeholder until the real UI exists: it only proves that the engine imports
in the browser.
"""

import sys

from ui import dom


def main():
    try:
        import game
    except Exception as exc:  # any import-time failure must reach the page
        dom.fail(f"Could not load the game engine: {type(exc).__name__}: {exc}")
        return
    modules = sorted(name for name in sys.modules if name.startswith("game."))
    version = ".".join(map(str, sys.version_info[:3]))
    dom.set_text("status", f"Ready · Python {version} · engine: {len(modules)} modules")
    dom.set_app_state("ready")


main()
