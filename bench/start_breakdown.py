"""Where the page's start-up time goes, next to bare Pyodide and an empty PyScript page.

Used by ``bench/page_load.py --breakdown``. The pages, served from one
built site, take turns (one on-disk profile each per run, like the main
bench): the bare page (loadPyodide, 1+1), an empty PyScript page (the
game's own PyScript config, preloads and plugin list, no app.tar, a
one-line script that marks it ready: the floor of PyScript over bare
Pyodide that no change of ours can remove), the game as it started before
(VARIANTS), and the game, with and without the snapshot a first visit
makes (ui/snapshot.mjs), whose ui/main.py is wrapped (in the bench's copy of the site only) by TIMED_MAIN: every
module import is timed (self and inclusive time, like ``python -X
importtime``, which Pyodide does not offer) and so are the start-up steps
(the controller's boot, restoring the save, rebuilding the deal's log, the
first render). The page's own clock stamps PyScript's progress events,
ui/start_pyodide.mjs's marks ("tp:...") and the downloads (Resource
Timing), so each step shows as a point in time
after navigation; medians over the runs are printed.
"""

import json
import statistics
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR_TOML = "floor.toml"
STDLIB_COMPILED, STDLIB_STOCK = "python_stdlib_compiled.zip", "python_stdlib.zip"
# The game's page as it started before this bench's changes, for an A/B in one run:
# (name, page) with Pyodide started by PyScript or with the page, the stock stdlib.
VARIANTS = (("game: late,stock", "late.html"), ("game: early,stock", "early.html"))

# Runs in the page before ui/main.py's own code (which follows it in the
# same file): times each module's import and the start-up methods, and
# hands the figures to the page as JSON (window.__tpSteps, __tpImports).
TIMED_MAIN = '''
import _frozen_importlib as _bootstrap
import time as _time

from pyscript import window as _window

_now = _window.performance.now
_steps = []     # [name, start ms, duration ms], first calls only
_imports = []   # [module, self ms, inclusive ms], in completion order
_stack = []     # inclusive ms of the imports nested in the one in progress
_load = _bootstrap._load_unlocked


def _step(name, start):
    if not any(s[0] == name for s in _steps):
        _steps.append([name, start, _now() - start])
    _window.__tpSteps = __import__("json").dumps(_steps)


def _timed(owner, attr, name):
    inner = getattr(owner, attr)
    def wrapper(*args, **kwargs):
        start = _now()
        try:
            return inner(*args, **kwargs)
        finally:
            _step(name, start)
    setattr(owner, attr, wrapper)


def _patch(module):
    """Wrap the start-up steps as their modules load."""
    name = getattr(module, "__name__", "")  # the `js` module has none
    if name == "ui.controller":
        C = module.Controller
        for attr in ("__init__", "start", "render"):
            _timed(C, attr, "Controller." + attr)
    elif name == "ui.seats.turns":
        _timed(module.Turns, "start", "Turns.start")
    elif name == "ui.settings.panels":
        _timed(module.Panels, "__init__", "Panels.__init__")
    elif name == "ui.games.games":
        _timed(module.Games, "boot", "Games.boot")
    elif name == "ui.core.saves":
        _timed(module.SaveStore, "load", "SaveStore.load (restore the save)")
    elif name == "ui.table.deal_log":
        for attr in ("deal_lines", "reopened"):
            if hasattr(module, attr):
                _timed(module, attr, "deal_log." + attr)


def _load_timed(spec):
    start = _time.perf_counter()
    _stack.append(0.0)
    try:
        module = _load(spec)
    finally:
        nested = _stack.pop()
        total = (_time.perf_counter() - start) * 1000
        if _stack:
            _stack[-1] += total
        _imports.append([spec.name, total - nested, total])
        _window.__tpImports = __import__("json").dumps(_imports)
    _patch(module)
    return module


_bootstrap._load_unlocked = _load_timed
# A runtime restored from a snapshot (ui/snapshot.mjs) has imported them already.
for _module in list(__import__("sys").modules.values()):
    _patch(_module)
# Every module loaded so far, with where it came from (for the standard library's trim).
_window.__tpModules = __import__("pyscript").ffi.create_proxy(lambda: __import__("json").dumps(
    {name: getattr(m, "__file__", None) for name, m in __import__("sys").modules.items()}))
_step("ui/main.py starts", _now())
'''

FLOOR_PAGE = """<!doctype html>
<html lang="en" data-app-state="loading"><head><meta charset="utf-8">
<title>empty PyScript page</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="./vendor/pyscript/core.css">
<script type="module" src="./vendor/pyscript/core.js"></script>
PRELOADS
</head><body><p>empty PyScript page</p>
MPY_CONFIG
<script type="py" config="./floor.toml">
from pyscript import document
document.documentElement.dataset.appState = "ready"
</script></body></html>
"""

# Stamps on the page's clock: PyScript's progress events and py:ready.
STAMP_EVENTS = """
window.__tpEvents = [];
const stamp = (name) => window.__tpEvents.push([name, performance.now()]);
addEventListener('py:progress', (e) => stamp(String(e.detail)));
document.addEventListener('py:ready', () => stamp('py:ready'), true);
"""

TIMELINE = """() => ({
  fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime,
  ready: window.__readyAt,
  painted: window.__paintedAt,
  events: window.__tpEvents || [],
  steps: JSON.parse(window.__tpSteps || '[]'),
  imports: JSON.parse(window.__tpImports || '[]'),
  marks: performance.getEntriesByType('mark').map(e => [e.name, e.startTime]),
  resources: performance.getEntriesByType('resource').map(
    e => [new URL(e.name).pathname.split('/').pop(), e.startTime, e.responseEnd]),
})"""

# Points of the timeline printed, in order: (label, how to read it from a sample).
# A resource's point is when its download ended; an event's when it fired.
POINTS = (
    ("first contentful paint", lambda s: s["fcp"]),
    ("last table painted (ui/paint.js)", lambda s: s["painted"]),
    ("the runtime's start begins (ui/start_pyodide.mjs)", lambda s: _mark(s, "tp:runtime-start")),
    ("the snapshot read (ui/snapshot.mjs)", lambda s: _mark(s, "tp:snapshot-read")),
    ("the runtime up (restored, or started)", lambda s: _mark(s, "tp:runtime-up")),
    ("core.js downloaded", lambda s: _resource(s, "core.js")),
    ("pyodide.mjs downloaded", lambda s: _resource(s, "pyodide.mjs")),
    ("PyScript: Loading Pyodide", lambda s: _event(s, "Loading Pyodide")),
    ("PyScript: Loaded Storage (its IndexedDB)", lambda s: _event(s, "Loaded Storage")),
    ("the wasm downloaded (packed on a first visit)", lambda s: _resource(s, "pyodide.asm.wasm.xz")
     or _resource(s, "pyodide.asm.wasm")),
    ("the stdlib zip downloaded", lambda s: _resource(s, STDLIB_STOCK)
     or _resource(s, STDLIB_COMPILED)),
    ("PyScript: Loaded interpreter (loadPyodide done)", lambda s: _event(s, "Loaded interpreter")),
    ("app.tar downloaded (app.tar.xz on a first visit)",
     lambda s: _resource(s, "app.tar") or _resource(s, "app.tar.xz")),
    ("app.tar's files written (ui/app_files.mjs)", lambda s: _mark(s, "tp:app-unpacked")),
    ("py:ready (PyScript hooks done)", lambda s: _event(s, "py:ready")),
    ("main.py downloaded", lambda s: _resource(s, "main.py")),
    ("ui/main.py starts (after PyScript's package)", lambda s: _step_at(s, "ui/main.py starts")),
    ("Controller built (imports done)", lambda s: _step_at(s, "Controller.__init__")),
    ("ready", lambda s: s["ready"]),
)

# Durations printed: (label, step name) from TIMED_MAIN's wrapped methods.
STEPS = (
    ("Panels.__init__ (as the Controller is built)", "Panels.__init__"),
    ("Controller.start (all below)", "Controller.start"),
    ("  Games.boot (link, reopen)", "Games.boot"),
    ("    SaveStore.load (restore the save)", "SaveStore.load (restore the save)"),
    ("    deal_log.deal_lines (replay the game)", "deal_log.deal_lines"),
    ("    deal_log.reopened (the saved lines)", "deal_log.reopened"),
    ("    Turns.start (bots' turn scheduled)", "Turns.start"),
    ("  first render", "Controller.render"),
)


def _resource(sample, name):
    ends = [end for file, _, end in sample["resources"] if file == name]
    return ends[0] if ends else None


def _mark(sample, name):
    times = [t for mark, t in sample.get("marks", []) if mark == name]
    return times[0] if times else None


def _event(sample, name):
    times = [t for detail, t in sample["events"] if detail == name]
    return times[0] if times else None


def _step_at(sample, name):
    """When a step ended (its start plus its duration)."""
    for step, start, took in sample["steps"]:
        if step == name:
            return start + took
    return None


def _step_took(sample, name):
    for step, _, took in sample["steps"]:
        if step == name:
            return took
    return None


def _variant(site, html, name, interpreter, files=""):
    """index.html as NAME.html with its own config (interpreter swapped, ``files``
    appended) and the stock stdlib."""
    config = (site / "pyscript.toml").read_text()
    config = config.replace('"./ui/start_pyodide.mjs"', f'"{interpreter}"') + files
    (site / f"{name}.toml").write_text(config)
    html = html.replace('config="./pyscript.toml"', f'config="./{name}.toml"')
    html = html.replace('href="./pyscript.toml"', f'href="./{name}.toml"')
    (site / f"{name}.html").write_text(html.replace(STDLIB_COMPILED, STDLIB_STOCK))


def prepare(site: Path) -> None:
    """Wrap the site's ui/main.py with TIMED_MAIN; add the empty PyScript page
    and the game as it started before (VARIANTS)."""
    main = site / "ui" / "main.py"
    main.write_text(TIMED_MAIN + "\n" + main.read_text())
    html = (site / "index.html").read_text()
    early = next(line for line in html.splitlines(keepends=True) if "start_pyodide.mjs" in line)
    # Pyodide started by PyScript (no ui/start_pyodide.mjs), the stock stdlib.
    # Without ui/start_pyodide.mjs, PyScript unpacks the game's files, as it did then.
    _variant(site, html.replace(early, ""), "late", "./vendor/pyodide/pyodide.mjs",
             '\n[files]\n"./app.tar" = "./*"\n')
    # Pyodide started with the page, the stock stdlib.
    shim = (site / "ui" / "start_pyodide.mjs").read_text().replace(STDLIB_COMPILED, STDLIB_STOCK)
    (site / "ui" / "early_stock.mjs").write_text(shim)
    _variant(site, html.replace("./ui/start_pyodide.mjs", "./ui/early_stock.mjs"), "early",
             "./ui/early_stock.mjs")
    preloads = "\n".join(line.strip() for line in html.splitlines() if 'rel="modulepreload"' in line
                         or 'rel="preload"' in line).replace("./pyscript.toml", f"./{FLOOR_TOML}")
    mpy = next(line.strip() for line in html.splitlines() if "<mpy-config>" in line)
    floor = FLOOR_PAGE.replace("PRELOADS", preloads).replace("MPY_CONFIG", mpy)
    (site / "floor.html").write_text(floor.replace(STDLIB_COMPILED, STDLIB_STOCK))
    plugins = tomllib.loads((site / "pyscript.toml").read_text())["plugins"]
    (site / FLOOR_TOML).write_text(f'interpreter = "./vendor/pyodide/pyodide.mjs"\n'
                                   f'plugins = {json.dumps(plugins)}\n')


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _fmt(value):
    return f"{value:8.0f}" if value is not None else f"{'–':>8}"


def print_breakdown(samples, names, label, games):
    """The timeline of one visit kind (cold, warm, later): a column per page;
    then the steps and imports of each of ``games``."""
    print(f"\n{label}: ms after navigation, median of {len(samples[names[0], label])} runs")
    print(f"{'':<52}" + "".join(f"{n[:17]:>18}" for n in names))
    for point, read in POINTS:
        row = [_median([read(s) for s in samples[name, label]]) for name in names]
        if any(v is not None for v in row):
            print(f"{point:<52}" + "".join(f"{_fmt(v):>18}" for v in row))
    for game in games:
        _steps_and_imports(samples[game, label], game)


def _steps_and_imports(runs, game):
    print(f"steps of {game}'s ui/main.py (ms, median of {len(runs)}):")
    for text, name in STEPS:
        took = _median([_step_took(s, name) for s in runs])
        if took is not None:
            print(f"  {text:<50}{took:8.1f}")
    imports = {}
    for s in runs:
        for module, own, total in s["imports"]:
            imports.setdefault(module, []).append((own, total))
    rows = sorted(((statistics.median(o for o, _ in v), statistics.median(t for _, t in v), m)
                   for m, v in imports.items()), reverse=True)
    ours = sum(own for own, _, m in rows if m.split(".")[0] in ("game", "ui"))
    print(f"imports in ui/main.py: {len(rows)} modules, {sum(r[0] for r in rows):.0f} ms "
          f"(game/ and ui/: {ours:.0f} ms; the standard library: the rest); "
          "the costliest (self, inclusive):")
    for own, total, module in rows[:15]:
        print(f"  {module:<40}{own:8.1f}{total:8.1f}")


def modules_used(samples, game):
    """Every module ui/main.py imported (for the trimmed standard library)."""
    return sorted({m for s in samples[game, "cold"] for m, _, _ in s["imports"]})

