"""Bots choose an action from a seat's observation (``game.view.observe``),
never from the full state. Each bot is a function
``choose(obs: GameState, seat: int, rng: random.Random) -> dict``.

Levels: ``random`` (for simulations: it draws from the stream ``rng`` it is
handed), ``easy`` (no planning), ``normal`` (a hand-written club strategy,
deterministic) and ``hard`` (Monte Carlo over sampled hidden cards, a fixed
number of samples a decision, drawn from a stream of its own: the same
decision on any machine).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import RulesError, brief
from ..later import later
from . import easy, focused, normal, perturbed, random_bot


class Levels(Mapping):
    """Each level's ``choose``, read from its module when asked for: ``hard``'s
    module (its search and fitted evaluation) runs at its first lookup, so a
    page that plays none and shows no hint never loads it (game.later)."""

    def __init__(self, modules):
        self._modules = modules

    def __getitem__(self, name):
        return self._modules[name].choose

    def __iter__(self):
        return iter(self._modules)

    def __len__(self):
        return len(self._modules)


BOTS = Levels({"random": random_bot, "easy": easy, "normal": normal, "hard": later("game.bots.hard")})


def get_bot(name: str):
    """A bot by name. ``hard:MS``, as a save from the days when ``hard``
    thought for MS milliseconds names it, is ``hard``. ``normal~N``, for the
    bench only (not offered in the page), is ``normal`` with its numbers
    moved at random by perturbation N (``perturbed``); ``hard@answer,draw``,
    for the bench too, is ``hard`` at those kinds of decision and ``normal``
    at the rest (``focused``); ``seer``, for the bench too, is ``hard`` told
    every hidden card, ``seer@hands`` every hand (``game.bots.seer``);
    ``outside``, for the bench too, plays a heuristic of another project's
    (``game.bots.outside``)."""
    base, colon, ms = name.partition(":")
    if colon and base == "hard" and ms.isascii() and ms.isdigit():
        name = base
    base, tilde, n = name.partition("~")
    if tilde and base == "normal" and n.isascii() and n.isdigit():
        return perturbed.PerturbedNormal(int(n))
    base, at, kinds = name.partition("@")
    wanted = frozenset(kinds.split(","))
    if at and base == "hard" and kinds and wanted <= focused.KINDS:
        return focused.Focused(wanted)
    if name == "outside":
        from .outside import choose as outside
        return outside
    if name == "seer":
        from .seer import Seer  # hard's module: loaded only when asked for
        return Seer()
    if name == "seer@hands":
        from .hard import choose
        from .seer import HandSeer
        return HandSeer(choose.samples)  # as many deals as this process's hard
    try:
        return BOTS[name]
    except KeyError:
        raise RulesError(f"Unknown bot {brief(name)}; choose one of: {', '.join(BOTS)}.") from None
