"""Triple Play (Hand, Knee and Foot) and Hand and Foot: the rules engine.

Pure Python, standard library only: it runs the same under CPython and
Pyodide. Start with ``new_game``, ask ``legal_actions``, play with
``apply``; a player's view comes from ``view``.
"""

from .deal import new_game
from .engine import apply, check, is_legal, winner
from .errors import IllegalMove, RulesError, StateError
from .moves import legal_actions
from .presets import PRESETS, get_preset
from .rules import RuleSet
from .state import GameState
from .view import observe, view

__all__ = ["new_game", "apply", "check", "is_legal", "winner", "legal_actions",
           "IllegalMove", "RulesError", "StateError", "PRESETS", "get_preset",
           "RuleSet", "GameState", "observe", "view"]
