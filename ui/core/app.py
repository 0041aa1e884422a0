"""What a room may ask of the controller (ui/controller.py), as one interface.

The controller composes the rooms and holds what they share; a room's
``self.app`` offers exactly these names (tests/test_rooms.py checks that no
room reaches for anything else, such as another room), so what a newcomer's
room may touch has one answer.
"""

from typing import Protocol


class App(Protocol):
    # what the rooms share
    session: object   # ui.core.session.Session: one typed state, each field with one owner
    page: object      # ui.core.page.Page: the browser
    signals: object   # ui.core.signals.Signals: how rooms tell each other what happened
    board: object     # ui.core.board.Board: the game on the table, the one path a move takes
    motion: object    # ui.core.motion.Motion: the bots' pace, cards flying, sounds
    store: object     # ui.core.saves.SaveStore: the saved games (and the storage they are in)
    settings: object  # ui.settings.settings.settings.Settings: pace, theme, sound (the settings room writes them)

    def show(self, screen): ...          # the screen to draw next (session.screen)
    def say(self, sentence): ...         # a refusal or a problem, shown until the next tap
    def mark_screen(self, screen): ...   # the screen on the page: data-screen (the layout and tests read it)
    def render(self): ...                # draw the page now (work that ends between taps)
    def command(self, name, arg=None): ...  # run a command as a tap would, inside the current one
