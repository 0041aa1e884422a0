"""The page's rooms, checked on the source (docs/ARCHITECTURE.md, "The page:
rooms around one state"): every ui/ module is parsed with ``ast``.

- A room reaches the controller only through ui/core/app.py's App, never
  another room (``self.app.games`` fails), and imports no other room's
  feature module (one defining a ui.core.commands.Feature).
- Each session field is written only by its owner (ui/core/session.py):
  an assignment, an augmented one, a ``del``, or a call that changes it in
  place (``s.log.append``, ``s.sel.clear``), through ``self.session`` or a
  name bound to it.
- Only the board applies a move (``game.apply``): the one move path.
- Every signal emitted, subscribed to or gathered is declared.
- No ui/ module compares a raw phase or action string (game.names has them).
- The layout shows the design: no ui/ module over 400 lines, the controller
  about 200, and no module or package name of ui/ repeats one of game/.
"""

import ast
import dataclasses
from functools import cache
from pathlib import Path

import pytest

from game.names import Act, Phase
from ui.core.app import App
from ui.core.session import Session
from ui.core.signals import SIGNALS
from ui.seats.turns import KINDS

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "ui"
MODULES = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
           for p in sorted(UI.rglob("*.py"))}
ROOMS = sorted(m for m in MODULES if m.count(".") == 1 and (UI / m.split(".")[1]).is_dir()
               and m != "ui.core")
COMPOSER = {"ui.controller", "ui.main", "ui.dom"}  # the composition, the entry point, the bridge
APP_NAMES = set(App.__annotations__) | {n for n in vars(App) if not n.startswith("_")}
MUTATORS = {"append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault", "sort",
            "reverse", "add", "discard", "popitem",
            "restore", "tap", "fewer", "pick_all", "pick_group", "stage", "unstage"}  # ui.core.selection's
RAW = set(Phase.ALL) | set(Act.ALL)


@cache
def tree(module):
    return ast.parse(MODULES[module].read_text(), str(MODULES[module]))


def room_of(module):
    """The room a module belongs to (ui.table for ui.table.recap), or None for ui/core and the composition."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 2 and ".".join(parts[:2]) in ROOMS else None


def is_self_attr(node, name):
    return (isinstance(node, ast.Attribute) and node.attr == name
            and isinstance(node.value, ast.Name) and node.value.id == "self")


def feature_modules():
    """The modules that define a room's feature (a subclass of Feature)."""
    return {m for m in MODULES if any(isinstance(n, ast.ClassDef) and any(
        isinstance(b, ast.Name) and b.id == "Feature" for b in n.bases) for n in tree(m).body)}


def imported(module):
    """The ui modules ``module`` imports (``from ui.x import y`` counts ui.x.y if it is one)."""
    out = set()
    for node in ast.walk(tree(module)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ui"):
            for alias in node.names:
                whole = f"{node.module}.{alias.name}"
                out.add(whole if whole in MODULES else node.module)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("ui")}
    return out


# -- what a room may touch -------------------------------------------------------------------------
def app_reaches(module):
    """Each ``self.app.<name>`` (and ``app.<name>`` of a name bound to it) in ``module``."""
    found = []
    for node in ast.walk(tree(module)):
        if isinstance(node, ast.Attribute) and (is_self_attr(node.value, "app")
                                                or isinstance(node.value, ast.Name) and node.value.id == "app"):
            found.append((node.attr, node.lineno))
    return found


def test_the_app_interface_names_what_the_rooms_share():
    assert {"session", "page", "signals", "board", "motion", "store", "show", "say", "render"} <= APP_NAMES
    assert not APP_NAMES & {"games", "table", "tutorial", "learn", "handoff", "replays", "stats", "panels"}


def test_a_room_reaches_the_controller_only_through_the_app_interface():
    for module in MODULES:
        if module in COMPOSER:
            continue
        wrong = [(name, line) for name, line in app_reaches(module) if name not in APP_NAMES]
        assert wrong == [], (module, wrong)


def test_the_check_sees_a_sideways_call(tmp_path, monkeypatch):
    source = "class Tutorial(Feature):\n    def f(self):\n        self.app.games.do_games()\n"
    path = tmp_path / "sideways.py"
    path.write_text(source)
    monkeypatch.setitem(MODULES, "ui.lesson.sideways", path)
    tree.cache_clear()
    assert app_reaches("ui.lesson.sideways") == [("games", 3)]
    tree.cache_clear()


def test_no_room_imports_another_rooms_feature():
    features = feature_modules()
    assert len(features) >= 9
    for module in MODULES:
        if module in COMPOSER:
            continue
        for target in imported(module) & features:
            assert room_of(target) == room_of(module) and room_of(module), (module, target)


# -- who writes which session field ----------------------------------------------------------------------
OWNERS = {f.name: f.metadata["owner"] for f in dataclasses.fields(Session)}


def functions(module):
    return [n for n in ast.walk(tree(module)) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]


def bound(fn):
    """(name, value) of each simple binding in ``fn``: ``x = v`` and ``a, b = v, w``."""
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                pairs = (zip(target.elts, node.value.elts) if isinstance(target, ast.Tuple)
                         and isinstance(node.value, ast.Tuple) else [(target, node.value)])
                yield from ((t.id, v) for t, v in pairs if isinstance(t, ast.Name))


def session_names(fn):
    """The names that hold the session in ``fn``: those bound to ``self.session``
    (``s = self.session``), and a pure function's parameter ``s``."""
    return ({a.arg for a in fn.args.args if a.arg == "s"}
            | {name for name, value in bound(fn) if is_self_attr(value, "session")})


def is_session(node, names):
    return is_self_attr(node, "session") or isinstance(node, ast.Name) and node.id in names


def session_writes(module):
    """[(field, line)] of every write to a session field in ``module``."""
    found = []
    for fn in functions(module):
        names = session_names(fn)

        def field_of(node):
            while isinstance(node, ast.Subscript):
                node = node.value
            if isinstance(node, ast.Attribute) and node.attr in OWNERS and is_session(node.value, names):
                return node.attr
            return None

        for node in ast.walk(fn):
            targets = []
            if isinstance(node, (ast.Assign, ast.Delete)):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
                targets = [node.func.value]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
                if node.args and is_session(node.args[0], names):
                    found.append(("(setattr)", node.lineno))
            for target in targets:
                for part in (target.elts if isinstance(target, ast.Tuple) else [target]):
                    name = field_of(part)
                    if name:
                        found.append((name, node.lineno))
    return found


def owns(module, owner):
    return module == owner or module.startswith(owner + ".")


def test_every_session_field_has_an_owner_that_exists():
    for name, owner in OWNERS.items():
        assert owner in MODULES, (name, owner)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_each_session_field_is_written_only_by_its_owner(module):
    wrong = [(name, line) for name, line in session_writes(module)
             if name == "(setattr)" or not owns(module, OWNERS[name])]
    assert wrong == [], (module, wrong)


def test_the_check_sees_a_foreign_write(tmp_path, monkeypatch):
    source = ("def f(self):\n    s = self.session\n    s.message = 'x'\n    self.session.state = None\n"
              "    s.log.append('y')\n    del s.steps[2:]\n")
    path = tmp_path / "foreign.py"
    path.write_text(source)
    monkeypatch.setitem(MODULES, "ui.lesson.foreign", path)
    tree.cache_clear()
    assert sorted(session_writes("ui.lesson.foreign")) == [("log", 5), ("message", 3), ("state", 4), ("steps", 6)]
    tree.cache_clear()


# -- the one move path, the signals ------------------------------------------------------------------------
def table_appliers(module):
    """The lines of ``module`` that apply a move (``game.apply``, ``apply``) to the
    game on the table: ``s.state`` or ``self.session.state``, or a name bound to it
    (a copy of the position, or one of its own, is the module's business)."""
    found = []
    for fn in functions(module):
        names = session_names(fn)
        on_table = {name for name, value in bound(fn) if isinstance(value, ast.Attribute) and value.attr == "state"}

        def table_state(node):
            return (isinstance(node, ast.Attribute) and node.attr == "state" and is_session(node.value, names)
                    or isinstance(node, ast.Name) and node.id in on_table)
        for node in ast.walk(fn):
            if (isinstance(node, ast.Call) and node.args and table_state(node.args[0]) and (
                    isinstance(node.func, ast.Attribute) and node.func.attr == "apply"
                    or isinstance(node.func, ast.Name) and node.func.id == "apply")):
                found.append(node.lineno)
    return found


def test_only_the_board_applies_a_move_to_the_game_on_the_table():
    assert {m for m in MODULES if table_appliers(m)} == {"ui.core.board"}


def test_the_check_sees_a_move_applied_beside_the_board(tmp_path, monkeypatch):
    path = tmp_path / "beside.py"
    path.write_text("def f(self, a):\n    s = self.session\n    state = s.state\n    game.apply(state, a)\n"
                    "    game.apply(s.state.clone(), a)\n")
    monkeypatch.setitem(MODULES, "ui.lesson.beside", path)
    tree.cache_clear()
    assert table_appliers("ui.lesson.beside") == [4]
    tree.cache_clear()


def signal_names(module):
    for node in ast.walk(tree(module)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("emit", "on", "gather") and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            yield node.args[0].value, node.lineno


def test_every_signal_used_is_declared_and_every_declared_one_is_used():
    used = {}
    for module in MODULES:
        for name, line in signal_names(module):
            assert name in SIGNALS, (module, line, name)
            used.setdefault(name, set()).add(module)
    assert set(used) == set(SIGNALS)


def test_every_seat_kind_takes_its_turn():
    assert set(KINDS) == {"person", "bot", "friend"}
    assert all(callable(getattr(kind, "take_turn", None)) for kind in KINDS.values())


# -- words and layout --------------------------------------------------------------------------------------
def raw_compares(module):
    found = []
    for node in ast.walk(tree(module)):
        if isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                values = side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side]
                found += [(v.value, node.lineno) for v in values
                          if isinstance(v, ast.Constant) and v.value in RAW]
    return found


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_page_module_compares_a_raw_phase_or_action_string(module):
    assert raw_compares(module) == [], module


def test_the_check_sees_a_raw_string(tmp_path, monkeypatch):
    path = tmp_path / "raw.py"
    path.write_text("def f(v, a):\n    return v['phase'] == 'draw' or a['type'] in ('meld', 'x')\n")
    monkeypatch.setitem(MODULES, "ui.raw", path)
    tree.cache_clear()
    assert raw_compares("ui.raw") == [("draw", 2), ("meld", 2)]
    tree.cache_clear()


def test_no_page_module_is_over_400_lines_and_the_controller_only_composes():
    sizes = {m: len(p.read_text().splitlines()) for m, p in MODULES.items()}
    assert [m for m, n in sizes.items() if n > 400] == []
    assert sizes["ui.controller"] <= 220


def test_no_page_module_or_package_is_named_like_one_of_the_engine():
    def names(folder):
        return {p.stem for p in (ROOT / folder).rglob("*.py") if p.stem != "__init__"} | {
            p.name for p in (ROOT / folder).rglob("*") if p.is_dir() and p.name != "__pycache__"}
    assert names("ui") & names("game") == set()
