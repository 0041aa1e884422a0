"""The page's commands and screens, declared where they are handled.

A room's feature (ui/table/table.py's Table, ui/games/games.py's Games, ...) marks each method that
handles a command the page sends (``data-cmd``, ui/dom.py) with ``command``,
saying whether it may run while the bots move, and each method that draws a
whole screen with ``screen``. The controller collects them once and finds a
tap's handler, and the drawer of ``session.screen``, by name.
"""


def command(fn=None, *, while_bots=False):
    """Mark ``do_<name>`` as the handler of the command "<name>" (``_`` read as ``-``);
    ``while_bots``: it may run while the bots move (it never changes the game)."""
    def mark(f):
        f.command = f.__name__.removeprefix("do_").replace("_", "-")
        f.while_bots = while_bots
        return f
    return mark(fn) if fn is not None else mark


def screen(name):
    """Mark the method that draws the screen ``name`` (``session.screen``)."""
    def mark(f):
        f.screen = name
        return f
    return mark


def collect(*features):
    """({command: (bound handler, while_bots)}, {screen: bound drawer}) of the
    features' marked methods; a name claimed twice is an error."""
    commands, screens = {}, {}
    for feature in features:
        for name in dir(type(feature)):
            fn = getattr(type(feature), name)
            if hasattr(fn, "command"):
                _claim(commands, fn.command, (getattr(feature, name), fn.while_bots))
            if hasattr(fn, "screen"):
                _claim(screens, fn.screen, getattr(feature, name))
    return commands, screens


def _claim(table, key, value):
    if key in table:
        raise ValueError(f"{key!r} is claimed twice")
    table[key] = value


class Feature:
    """A room of the page (the table, the games list, the lesson, ...) with its own state.

    It is handed the controller (``app``, as ui/core/app.py's App declares:
    the board, the signals, the motion, the save store, showing a screen,
    saying a sentence, drawing) and keeps the session and the page at hand.
    It reaches another room only through the signals (ui/core/signals.py)."""

    def __init__(self, app):
        self.app, self.session, self.page = app, app.session, app.page
        self.board, self.signals = app.board, app.signals
