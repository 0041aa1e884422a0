"""Games across phones kept in the browser's storage, one key a game.

A game's record (game.friends.record.Friends.to_json) is kept under
``tp.friends.<game id>``, beside the saved games of ui/core/saves.py and in
the same storage. A record is read back only through the engine's strict
loader (Friends.load); one that fails is moved under ``tp.bad.`` like a
damaged save, never lost and never in the way.
"""

import json

from game.load import read_json

PREFIX = "tp.friends."
BAD = "tp.bad.friends."
STATUS = "tp.friends-status."   # what the game waits for, in words, for the list (no cryptography to read it)
CURRENT = "tp.friends-current"   # the game across phones last on the table, reopened by a later visit
MAX_TEXT = 400_000   # characters of one record (a long game's chain of batches)


class FriendsStore:
    def __init__(self, storage):
        self.storage = storage

    def ids(self):
        return sorted(k[len(PREFIX):] for k in self.storage.keys() if k.startswith(PREFIX))

    def raw(self, game_id):
        """The record as saved, JSON-ready, or None (StateError if it is not JSON)."""
        text = self.storage.get(PREFIX + game_id)
        return None if text is None else read_json(text, "A saved game across phones", MAX_TEXT)

    def save(self, record, status):
        """Write a record and its status line (ui.core.saves.StorageFull if the browser refuses)."""
        data = record.to_json()
        self.storage.set(PREFIX + data["head"]["id"], json.dumps(data, separators=(",", ":")))
        self.storage.set(STATUS + data["head"]["id"], str(status)[:200])

    @property
    def current(self):
        game_id = self.storage.get(CURRENT)
        return game_id if game_id is not None and self.storage.get(PREFIX + game_id) is not None else None

    @current.setter
    def current(self, game_id):
        if game_id is None:
            self.storage.remove(CURRENT)
        else:
            self.storage.set(CURRENT, game_id)

    def status(self, game_id):
        return self.storage.get(STATUS + game_id) or ""

    def quarantine(self, game_id):
        text = self.storage.get(PREFIX + game_id)
        if text is not None:
            self.storage.set(BAD + game_id, text)
            self.storage.remove(PREFIX + game_id)
            self.storage.remove(STATUS + game_id)

    def delete(self, game_id):
        self.storage.remove(PREFIX + game_id)
        self.storage.remove(STATUS + game_id)
        if self.storage.get(CURRENT) == game_id:
            self.storage.remove(CURRENT)
