"""The new-game screen's choices: rules, player count, who plays each seat (a
bot level or a person, with names: ui/seats/seating.py), table options and house rules.

Plain Python, so it is tested without a browser: the new-game room hands it
the form's values (``update``) and asks it for the game to start;
``ui.setup.setup_view.setup_screen`` draws it. Rules and their checks come from the
engine (``game.house``); an invalid house rule set is refused with the
engine's reason and never replaced by another.
"""

import game
from game import house
from game.bots import BOTS
from game.names import Bot
from game.presets import DEFAULT_PRESET
from ui.core.text import HUMAN
from ui.seats import seating as P

DEFAULT_BOT = Bot.NORMAL if Bot.NORMAL in BOTS else next(iter(BOTS))
# Table options: (RuleSet field, label, the page's default). They change what
# the page shows, not the play. The knee reminder is on unless the player turns
# it off: without it players pick their knee up turns late (issue 44).
TABLE_OPTIONS = (("knee_reminder", "Knee reminder: highlight the knee when you may pick it up", True),)


class Setup:
    def __init__(self):
        self.preset = DEFAULT_PRESET
        self.players = game.get_preset(DEFAULT_PRESET).players
        self.bots = {}           # seat -> bot level, or P.PEOPLE_WORD for a person
        self.names = {}          # seat -> the name typed for it (ui.seats.seating.clean)
        self.options = {}        # table option -> bool (unset: the preset's)
        self.house = {}          # house option -> the form's value, where it differs from the preset
        self.house_open = False

    # -- reading the form ------------------------------------------------------------
    @property
    def base(self):
        return game.get_preset(self.preset)

    @staticmethod
    def presets():
        return list(game.PRESETS.items())

    @staticmethod
    def bot_levels():
        return list(BOTS)

    def counts(self):
        """The player counts the preset allows."""
        return [n for n, _, _ in self.base.seatings]

    def ids(self):
        """Every form control the screen shows, to read back before acting."""
        out = ["setup-preset", "setup-players"]
        out += [f"setup-bot-{seat}" for seat in range(1, self.players)]
        out += [f"setup-name-{seat}" for seat in self.named()]
        out += [f"setup-opt-{f}" for f, _, _ in TABLE_OPTIONS]
        if self.house_open:
            out += [f"house-{option}" for option in house.LABELS]
        return out

    def update(self, values):
        """Take the form's values ({id: value or None}); a new preset starts afresh."""
        for seat in range(1, self.players):
            level = values.get(f"setup-bot-{seat}")
            if level in BOTS or level in (P.PEOPLE_WORD, P.FRIEND_WORD):
                self.bots[seat] = level
        for seat in range(self.players):
            typed = values.get(f"setup-name-{seat}")
            if isinstance(typed, str):
                self.names[seat] = P.clean(typed)
        preset = values.get("setup-preset")
        if preset and preset != self.preset:
            self.preset = preset
            self.house, self.options = {}, {}
            if self.players not in self.counts():
                self.players = self.base.players
            return
        if values.get("setup-players"):
            count = int(values["setup-players"])
            self.players = count if count in self.counts() else self.base.players
        for f, _, _ in TABLE_OPTIONS:
            if values.get(f"setup-opt-{f}") is not None:
                self.options[f] = bool(values[f"setup-opt-{f}"])
        for option in house.LABELS:
            raw = values.get(f"house-{option}")
            if raw is None:
                continue
            if raw == house.text(self.base, option):
                self.house.pop(option, None)
            else:
                self.house[option] = raw

    # -- what the screen shows and starts ----------------------------------------------
    def rules(self):
        """The rule set to play: the preset, house rules, table options (or RulesError)."""
        rules = house.build(self.base, self.house)
        options = {f: v for f, v in self.option_values(rules).items() if getattr(rules, f) != v}
        return rules.derive(**options) if options else rules

    def current(self):
        """(rules, error): the rules as edited, or the preset's and the reason they are refused."""
        try:
            return self.rules(), ""
        except game.RulesError as e:
            return self.base, str(e)

    def bot(self, seat):
        """Seat ``seat``'s choice: a bot level, or P.PEOPLE_WORD (seat 0 is always a person)."""
        return P.PEOPLE_WORD if seat == HUMAN else self.bots.get(seat, DEFAULT_BOT)

    def people(self):
        """The seats people play (here or on their phones), in seat order."""
        return [s for s in range(self.players) if self.bot(s) in (P.PEOPLE_WORD, P.FRIEND_WORD)]

    def friends(self):
        """The seats friends play on their own phones."""
        return [s for s in range(self.players) if self.bot(s) == P.FRIEND_WORD]

    def across_phones(self):
        """(rules, names, seats) of a game with friends: seats as
        game.friends.record.Head's (this phone's people 0, each friend a
        phone of their own, bots by level); RulesError if refused."""
        names = [self.name(s) for s in range(self.players)]
        problem = P.name_problem(names)
        if problem:
            raise game.RulesError(problem)
        friends = self.friends()
        seats = [0 if self.bot(s) == P.PEOPLE_WORD else 1 + friends.index(s) if s in friends else self.bot(s)
                 for s in range(self.players)]
        return self.rules(), names, seats

    def named(self):
        """The seats with a name field: every person's, seat 0's only beside another person."""
        people = self.people()
        return people if len(people) > 1 else []

    def name(self, seat):
        """The name seat ``seat`` plays under: the one typed, else its compass name."""
        return (seat in self.named() and self.names.get(seat)) or P.compass(self.players, seat)

    def seats(self):
        """[(seat, name, role)] of the other players: role "partner" or "opponent"."""
        state = game.new_game(self.base, seed=0, players=self.players)
        partners = state.partners(HUMAN)
        return [(s, state.players[s].name, "partner" if s in partners else "opponent")
                for s in range(1, self.players)]

    def option_values(self, rules):
        """{field: on} of the options these rules offer (the knee reminder only
        where there is a knee): the player's choice, else the page's default."""
        return {f: self.options.get(f, default) for f, _, default in TABLE_OPTIONS
                if f != "knee_reminder" or rules.has_knee}

    def table_options(self, rules):
        """[(field, label, checked)] of the options these rules offer."""
        values = self.option_values(rules)
        return [(f, label, values[f]) for f, label, _ in TABLE_OPTIONS if f in values]

    def house_fields(self):
        """[(heading, [(option, label, kind, choices, value, preset value)])] for the editor."""
        out = []
        for heading, options in house.SECTIONS:
            rows = [(option, label, house.kind(option), house.CHOICES.get(option, {}),
                     self.house.get(option, house.text(self.base, option)), house.text(self.base, option))
                    for option, label in options]
            out.append((heading, rows))
        return out

    def start(self, seed):
        """A new game under the chosen rules, seats, names and bots (RulesError if
        refused: the rules, or two players of one name)."""
        names = [self.name(s) for s in range(self.players)]
        problem = P.name_problem(names)
        if problem:
            raise game.RulesError(problem)
        bots = [None if b == P.PEOPLE_WORD else b for b in map(self.bot, range(self.players))]
        return game.new_game(self.rules(), seed=seed, players=self.players, names=names, bots=bots)
