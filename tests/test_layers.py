"""The layers of docs/ARCHITECTURE.md, checked on the source: every module is
parsed with ``ast`` and every import counted, those inside functions too.

A module imports another when it names it, or names a package's attribute
that is one of its modules (``from game import cards``), or names it in a
call of game/later.py's ``later`` (imported at first use); importing a module
also runs its packages' ``__init__`` (``game.bots.hard`` runs
``game/bots/__init__.py``), so for cycles that counts as importing them.
e2e/ modules import their neighbours (``harness``, ``pages``, ``conftest``)
and scripts/ by their bare names, as pytest's ``pythonpath`` lets them.
"""

import ast
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("game", "ui", "tests", "e2e", "bench", "scripts")
BRIDGE = {"pyscript", "js", "pyodide"}  # the browser, reached only through ui/dom.py


def _name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for folder in FOLDERS for p in sorted((ROOT / folder).rglob("*.py"))}


def _folder(module: str) -> str:
    return module.split(".")[0]


def _resolve(importer: str, name: str) -> str | None:
    """The project module ``name`` is in ``importer``, or None (not ours)."""
    if name in MODULES:
        return name
    if _folder(name) in FOLDERS:
        return None
    for place in (".".join(importer.split(".")[:-1]), "scripts"):  # a bare neighbour's name
        if f"{place}.{name}" in MODULES:
            return f"{place}.{name}"
    return None


def later_import(node) -> bool:
    """Is ``node`` a call ``later("a.module")`` (game/later.py: imported at first use)?"""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "later"
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str))


@cache
def imports(module: str) -> tuple[frozenset, frozenset]:
    """(the project modules ``module`` imports, the top-level names of the others)."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    ours, theirs = set(), set()

    def note(name):
        found = _resolve(module, name)
        if found:
            ours.add(found)
        else:
            theirs.add(name.split(".")[0])

    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if later_import(node):
            note(node.args[0].value)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                note(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                note(whole if _resolve(module, whole) else base)
    ours.discard(module)
    return frozenset(ours), frozenset(theirs)


def ours(module: str) -> frozenset:
    return imports(module)[0]


def runs(module: str) -> set:
    """What importing ``module``'s imports runs: each module, and the packages
    above it that ``module`` is not inside."""
    out = set()
    for target in ours(module):
        parts = target.split(".")
        for i in range(1, len(parts) + 1):
            above = ".".join(parts[:i])
            if above in MODULES and not (module + ".").startswith(above + ".") and above != module:
                out.add(above)
    return out


def cycles(folder: str) -> list[list[str]]:
    """The import cycles among ``folder``'s modules (Tarjan's strongly connected components)."""
    nodes = [m for m in MODULES if _folder(m) == folder]
    edges = {m: sorted(t for t in runs(m) if _folder(t) == folder) for m in nodes}
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in nodes:
        if v not in index:
            visit(v)
    return out


def importers(predicate) -> dict:
    """{module: the project modules it imports that match ``predicate``}, where any do."""
    out = {}
    for m in MODULES:
        hits = sorted(t for t in ours(m) if predicate(t))
        if hits:
            out[m] = hits
    return out


def in_folder(*folders):
    return lambda m: _folder(m) in folders


# -- the resolver itself ---------------------------------------------------------------------------
def test_the_reader_sees_imports_in_functions_relative_ones_and_neighbours():
    assert "game.bots" in ours("game.runs.simulate")             # from .bots import get_bot
    assert "game.cards" in ours("game.words.narrate")             # from game import cards as C
    assert "game.deal" in ours("game.engine")
    assert "e2e.harness" in ours("e2e.test_boot")           # from harness import ...
    assert "scripts.rules_pages" in ours("scripts.build_site")
    assert "ui.controller" in ours("ui.main")               # imported inside a function
    assert "game.advice.coach" in ours("ui.learn.learn")                 # imported at first use (game.later)
    assert "game.bots.hard" in ours("game.bots")
    assert "pyscript" in imports("ui.dom")[1]
    assert "game.bots" in runs("game.advice.hints") and "game.bots" not in runs("game.bots.hard")


def test_the_cycle_finder_finds_a_cycle(monkeypatch):
    fake = {"game.a": frozenset({"game.b"}), "game.b": frozenset({"game.a"})}
    monkeypatch.setattr(sys.modules[__name__], "MODULES", {**MODULES, **dict.fromkeys(fake, ROOT)})
    monkeypatch.setattr(sys.modules[__name__], "ours", lambda m: fake.get(m) or imports(m)[0])
    assert ["game.a", "game.b"] in cycles("game")


# -- the rules -------------------------------------------------------------------------------------
MAY_IMPORT = {  # docs/ARCHITECTURE.md's table, folder by folder (the tests below narrow it)
    "game": {"game"},
    "ui": {"game", "ui"},
    "scripts": {"scripts", "game"},
    "bench": {"game", "ui", "bench", "tests", "e2e"},
    "tests": {"game", "ui", "bench", "tests", "scripts"},
    "e2e": {"game", "ui", "e2e", "tests", "scripts"},
}


def test_each_folder_imports_only_the_folders_its_row_names():
    for m in MODULES:
        reached = {_folder(t) for t in ours(m)}
        assert reached <= MAY_IMPORT[_folder(m)], (m, reached - MAY_IMPORT[_folder(m)])


def test_no_import_cycle_within_the_engine_or_the_page():
    assert cycles("game") == []
    assert cycles("ui") == []


def test_the_engine_imports_only_itself_and_the_standard_library():
    """game/ runs in CPython and Pyodide alike, and never reaches the page or the tooling."""
    outside = importers(lambda t: _folder(t) != "game")
    assert [m for m in outside if _folder(m) == "game"] == []
    for m in MODULES:
        if _folder(m) == "game":
            assert imports(m)[1] <= sys.stdlib_module_names, m


def test_only_the_bot_runners_and_the_advice_import_the_bots():
    users = importers(lambda t: t.startswith("game.bots"))
    engine = {m for m in users if _folder(m) == "game" and not m.startswith("game.bots")}
    assert engine == {"game.runs.simulate", "game.runs.tournament", "game.advice.hints", "game.advice.coach",
                      "game.words.reasons"}


def test_the_page_imports_the_engine_and_itself_and_only_the_bridge_reaches_the_browser():
    outside = importers(lambda t: _folder(t) not in ("game", "ui"))
    assert [m for m in outside if _folder(m) == "ui"] == []
    reach = {m for m in MODULES if imports(m)[1] & BRIDGE}
    assert reach == {"ui.dom"}
    for m in MODULES:
        if _folder(m) == "ui":
            assert imports(m)[1] - BRIDGE <= sys.stdlib_module_names, m


def test_test_modules_are_imported_by_none_and_only_the_shared_helpers_cross_folders():
    """tests/helpers.py, tests/phones.py (the bench's phones too), e2e/harness.py and e2e/pages.py are shared; e2e's
    conftest (its traced browser context) serves e2e/ only; a test module
    (``test_*.py``) is imported by nothing."""
    shared = {"tests.helpers", "tests.phones", "e2e.harness", "e2e.pages"}
    found = importers(in_folder("tests", "e2e"))
    for m, targets in found.items():
        for t in targets:
            assert not t.rpartition(".")[2].startswith("test_"), (m, t)
            if _folder(m) != _folder(t):
                assert t in shared, (m, t)
            elif t == "e2e.conftest":
                assert m in ("e2e.pages",) or m.startswith("e2e.test_"), (m, t)


def test_outside_the_browser_only_plain_python_page_modules_are_imported():
    """tests/, e2e/, bench/ and scripts/ may use a ui/ module only if it never
    reaches the bridge (it imports in CPython)."""
    def reaches_bridge(m, seen=()):
        return m == "ui.dom" or any(reaches_bridge(t, (*seen, m)) for t in ours(m)
                                    if _folder(t) == "ui" and t not in seen)
    used = {t for m, ts in importers(in_folder("ui")).items() if _folder(m) != "ui" for t in ts}
    assert used, "tests use plain-Python ui modules"
    assert [t for t in sorted(used) if reaches_bridge(t)] == []


def test_the_scripts_use_the_engine_only_to_record_the_lesson():
    """scripts/ build and serve the site, handling game/ and ui/ as files;
    only make_lesson.py plays a deal, to write ui/lesson/lesson.json."""
    found = importers(lambda t: _folder(t) != "scripts")
    assert {m for m in found if _folder(m) == "scripts"} == {"scripts.make_lesson"}
    assert all(t.startswith("game") for t in found["scripts.make_lesson"])


def test_only_the_benches_and_their_tests_import_the_benches():
    users = importers(in_folder("bench"))
    assert {_folder(m) for m in users} == {"bench", "tests"}


def test_only_the_tests_of_a_script_import_it():
    """e2e/test_release.py checks the service worker build_site.py writes,
    e2e/test_shipped_python.py the Python it ships, e2e/test_pyodide_linking.py
    the runtime's linker it patches, tests/test_pyscript_core.py PyScript's
    writes it removes, tests/test_serve.py the server."""
    users = {m: ts for m, ts in importers(in_folder("scripts")).items() if _folder(m) != "scripts"}
    assert users == {"e2e.test_release": ["scripts.build_site"], "e2e.test_shipped_python": ["scripts.build_site"],
                     "e2e.test_pyodide_linking": ["scripts.pyodide_linking"],
                     "tests.test_pyscript_core": ["scripts.pyscript_core"], "tests.test_serve": ["scripts.serve"]}
