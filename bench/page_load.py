#!/usr/bin/env python3
"""Page-load benchmark: how long until the skeleton paints and the game is ready.

Builds the site into a temp folder, adds a bare Pyodide page (load
pyodide.mjs with Pyodide's stock python_stdlib.zip, run 1+1) as the floor
that PyScript and our code add to, serves
it on localhost (scripts/serve.py: gzipped, as GitHub Pages sends it) and
loads each page in headless Chromium: cold (new on-disk
profile) then warm (reload in that profile once the service worker has
installed: HTTP cache, compiled-wasm cache and the worker's cache filled;
the server makes the browser revalidate, answering 304), and a later visit
(the fourth load in that profile). Each reload comes SETTLE_MS after the
previous load was ready, as a returning visitor's would, not in the middle
of the browser's background work.
The game and the bare page take turns, one profile each per run. The game's
first visit starts a game, so its reloads reopen it: the last table is
on screen at once (ui/paint.js; target: the frame that shows it within
0.3 s of navigation) and then goes live. Prints medians over --runs (and
each run's figure) and the ratios to the bare page (target: ready within
1.0x), when a first visit's early new-game screen (ui/early.js, before the
engine) has its Play button on screen and enabled, and when the real one
shows and answers a tap, the
first visit's bytes over the wire, raw and gzipped (target: 4.5 MB gzip)
next to the bare page's, and the offline copy's size; then the same loads
under a phone profile (--phone-runs: CPU 4x slower, 9 Mbit/s, 40 ms,
Chromium's own emulation). Then plays --turns human turns
(draw, discard) against three --bots bots in the page (default normal;
target under 50 ms median) and prints the bots' time per action as
measured inside Python (time.perf_counter around choose + apply, exposed
by ui/controller.py as <html data-bot-ms-median>), and the longest
main-thread task meanwhile (target: none over 100 ms; try --bots hard).
Last, at the normal bot speed with motion on, it plays --motion-turns turns
by taps, on a first visit and on a later one (the offline copy installed),
and prints the median time from a tap to the frame that shows the
table's update (target: under 100 ms) and the longest main-thread task while
the moves animate (target: none over 50 ms): its wall time (the browser's
long tasks) and, from a trace, each task's CPU time, which a machine busy
with other work does not inflate. On a first visit the runtime's optimising
compiler works in the background while the first game is played (a later
visit loads its result from the browser's cache), so on two cores a task's
wall time there is more than its CPU time.

    .venv/bin/python -m bench.page_load [--runs 9] [--phone-runs 3] [--turns 0] [--motion-turns 0]

With --breakdown it prints instead where the start-up time goes, step by
step, next to the game as it started before, an empty PyScript page and the
bare page (bench/start_breakdown.py; --phone: under the phone profile).
"""

import argparse
import gzip
import json
import re
import shutil
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench import start_breakdown as breakdown
from e2e import harness

ROOT = Path(__file__).resolve().parent.parent

BARE_PAGE = """<!doctype html>
<html data-app-state="loading"><head><meta charset="utf-8"><title>bare pyodide</title>
<link rel="icon" href="data:,"></head>
<body><p>bare Pyodide</p>
<script type="module">
  import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
  try {
    const pyodide = await loadPyodide();
    const two = pyodide.runPython("1+1");
    document.documentElement.dataset.appState = two === 2 ? "ready" : "error";
  } catch (e) {
    console.error(e);
    document.documentElement.dataset.appState = "error";
  }
</script></body></html>
"""

# Stamp the moment data-app-state leaves "loading", on the page's own clock
# (milliseconds since navigation start), and say so on the console: the
# bench waits for that message, not with Playwright's wait_for_function,
# whose script (injected into the page as it starts, then polling each
# frame) would take the main thread's time from the start it measures.
READY_MESSAGE = "bench: the page left loading"
STAMP_READY = """
new MutationObserver(() => {
  const s = document.documentElement.dataset.appState;
  if (s && s !== 'loading' && !window.__readyAt) {
    window.__readyAt = performance.now();
    console.debug('%s');
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-state'] });
""" % READY_MESSAGE

# Stamp the frame that shows the last table ui/paint.js built (html[data-painted]):
# a timer set in the next animation frame runs once that frame's rendering is done.
STAMP_PAINTED = """
new MutationObserver((_, observer) => {
  if (!document.documentElement.dataset.painted) return;
  observer.disconnect();
  requestAnimationFrame(() => setTimeout(() => { window.__paintedAt = performance.now(); }));
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-painted'] });
"""

# Stamp the frame that first shows the new-game screen's Play button (a first
# visit's screen: ui/table/board_view.py draws it once the engine has loaded).
STAMP_SETUP = """
new MutationObserver((_, observer) => {
  if (!document.getElementById('btn-start')) return;
  observer.disconnect();
  requestAnimationFrame(() => setTimeout(() => { window.__setupAt = performance.now(); }));
}).observe(document, { childList: true, subtree: true });
"""

# Stamp the frame that first shows a first visit's early new-game screen
# (ui/early.js) with its Play button enabled: it answers a tap from then on.
STAMP_EARLY = """
(function check() {
  const play = document.getElementById('early-play');
  if (play && !play.disabled && play.checkVisibility()) {
    requestAnimationFrame(() => setTimeout(() => { window.__earlyAt = performance.now(); }));
  } else {
    requestAnimationFrame(check);
  }
})();
"""

METRICS = """() => ({
  fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime,
  ready: window.__readyAt,
  painted: window.__paintedAt,
  setup: window.__setupAt,
  early: window.__earlyAt,
  files: performance.getEntriesByType('resource').map(e => new URL(e.name).pathname),
  html: location.pathname,
  bytes: performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
           .reduce((n, e) => n + (e.transferSize || 0), 0),
  snapshot: document.documentElement.dataset.snapshot,
})"""
# ui/snapshot.mjs: the snapshot this visit made, its bytes and the ms it took.
SNAPSHOT_MADE = """() => document.documentElement.dataset.snapshot === 'made'"""
SNAPSHOT_FIGURES = """() => [document.documentElement.dataset.snapshotBytes,
                             document.documentElement.dataset.snapshotMs]"""


# The service worker registers once the game is ready and then fills its
# cache; a warm visit is one made after that (not racing the download).
SW_INSTALLED = "() => navigator.serviceWorker.ready.then(() => true)"
LABELS = ("cold", "warm", "later")
GAME, BARE, FLOOR = "game (PyScript)", "bare Pyodide", "empty PyScript"
# The game with the memory snapshot its first visit makes (ui/snapshot.mjs):
# a page's offline_cache value that also turns snapshots on.
SNAPSHOTS, GAME_SNAPSHOT = "snapshot", "game, snapshot"


# After each load the browser keeps working in the background (optimising
# the compiled wasm, writing caches); a visitor comes back later than at
# once, so each reload waits this long (ms) rather than racing that work.
SETTLE_MS = 2000


def load(page, url, navigate, metrics):
    with page.expect_console_message(lambda m: m.text == READY_MESSAGE, timeout=120_000):
        navigate(url)
    state = page.evaluate("document.documentElement.dataset.appState")
    if state != "ready":
        raise SystemExit(f"{url} ended in state {state!r}")
    return page.evaluate(metrics)


def settled_reload(page):
    def navigate(url):
        page.wait_for_timeout(SETTLE_MS)
        page.reload()
    return navigate


# A phone on a mobile network: Chromium's own emulation (CDP), 4x slower
# CPU, 9 Mbit/s down and up, 40 ms latency.
PHONE_CPU_SLOWDOWN = 4
PHONE_NETWORK = {"offline": False, "latency": 40,
                 "downloadThroughput": 9e6 / 8, "uploadThroughput": 9e6 / 8}


def emulate_phone(context, page):
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)


def visit(pw, url, offline_cache, phone=False, metrics=METRICS):
    """One profile: a new on-disk profile (cold), a reload (warm: the second
    visit), then two more reloads; the last is a later visit, once the
    browser has also kept the compiled code (V8 and the service worker's
    cache need a few loads to get there). ``offline_cache``: the game page,
    which has a service worker (the warm visit waits until it has
    installed); a game is started on the first visit, so the reloads
    reopen it (painted at once, then continued); ``SNAPSHOTS``: that, and
    the reloads wait for the snapshot the first visit makes. ``phone``: under the
    phone profile (emulate_phone). ``metrics``: the script whose result is
    each load's sample."""
    with tempfile.TemporaryDirectory() as profile:
        context = harness.launch_persistent(pw, profile, snapshots=offline_cache == SNAPSHOTS, **harness.PHONE)
        context.add_init_script(STAMP_READY)
        context.add_init_script(STAMP_PAINTED)
        context.add_init_script(STAMP_SETUP)
        context.add_init_script(STAMP_EARLY)
        context.add_init_script(breakdown.STAMP_EVENTS)
        page = context.new_page()
        if phone:
            emulate_phone(context, page)
        cold = load(page, url, page.goto, metrics)
        if offline_cache:
            page.click("#btn-start")
            page.wait_for_function("localStorage.getItem('tp.paint') !== null")
            page.evaluate(SW_INSTALLED)
        if offline_cache == SNAPSHOTS:  # made in a worker once the page is idle
            page.wait_for_function(SNAPSHOT_MADE, timeout=300_000)
            cold["made"] = page.evaluate(SNAPSHOT_FIGURES)
        reload = settled_reload(page)
        warm = load(page, url, reload, metrics)
        load(page, url, reload, metrics)
        later = load(page, url, reload, metrics)
        context.close()
    return {"cold": cold, "warm": warm, "later": later}


def measure(pw, pages, runs, phone=False, metrics=METRICS):
    """Samples per page name and visit label. The pages take turns (run i:
    each page once, in order), so a slow spell of the machine falls on all
    of them rather than on whichever page was measured then."""
    samples = {(name, label): [] for name, _, _ in pages for label in LABELS}
    for _ in range(runs):
        for name, url, offline_cache in pages:
            for label, sample in visit(pw, url, offline_cache, phone, metrics).items():
                samples[name, label].append(sample)
    return samples


def median(samples, key):
    values = [s[key] for s in samples if s[key] is not None]
    return statistics.median(values) if values else float("nan")


# Main-thread tasks over 50 ms (the browser's "long tasks") while the bots play.
WATCH_LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
  .observe({ type: 'longtask' });  // from now on: loading is not counted
"""

SETTLED = """() => { const t = document.getElementById('table').dataset;
  return t.busy === '0' && (t.toMove === '0' || t.phase === 'deal_end' || t.phase === 'game_end'); }"""


def play_turns(page, turns, timeout):
    """Our simplest turns by clicks (draw, discard the first card the engine
    takes, answer yes), each after the bots have settled."""
    for _ in range(turns):
        page.wait_for_function(SETTLED, timeout=timeout)
        phase = page.get_attribute("#table", "data-phase")
        if phase in ("deal_end", "game_end"):
            break
        if phase == "answer":
            page.click("#btn-yes")
            continue
        if phase == "draw":
            page.click("#btn-draw")
        if page.locator("#btn-knock").count():
            page.click("#btn-knock")
            continue
        for chip in page.locator("#hand .chip").all():
            chip.click()
            page.click("#btn-discard")
            if not (page.text_content("#message") or "").strip():
                break
            page.click("#btn-clear")
    page.wait_for_function(SETTLED, timeout=timeout)


def start_with_bots(pw, base, viewport, level, watch=None):
    """A browser and a page (``?delay=0&seed=3``) playing a new game against
    three ``level`` bots; ``watch``: a script run once loaded, before the start."""
    browser = harness.launch_chromium(pw)
    page = browser.new_page(**viewport)
    page.goto(base + "?delay=0&seed=3")
    if harness.wait_ready(page, 120) != "ready":
        raise SystemExit("the game page did not start")
    if watch:
        page.evaluate(watch)
    for seat in (1, 2, 3):
        page.select_option(f"#setup-bot-{seat}", level)
    page.click("#btn-start")
    return browser, page


def bot_timing(pw, base, turns, level):
    """Median/max milliseconds per bot action in the page, and how many."""
    # watched from after loading: only the play counts
    browser, page = start_with_bots(pw, base, harness.DESKTOP, level, watch=WATCH_LONG_TASKS)
    play_turns(page, turns, 60000)
    root = {k: page.get_attribute("html", f"data-bot-{k}") for k in ("ms-median", "ms-max", "actions")}
    root["render"] = page.get_attribute("html", "data-render-ms-median")
    root["long"] = page.evaluate("window.__longTasks")
    browser.close()
    return root


def load_table(samples, pages):
    print(f"{'page':<16}{'cache':<7}{'first paint':>12}{'painted':>9}{'ready':>9}{'bytes':>12}   (ready, each run)")
    for name, _, _ in pages:
        for label in LABELS:
            runs = samples[name, label]
            each = " ".join(f"{r['ready']:.0f}" for r in runs)
            print(f"{name:<16}{label:<7}{median(runs, 'fcp'):>12.0f}{median(runs, 'painted'):>9.0f}"
                  f"{median(runs, 'ready'):>9.0f}{median(runs, 'bytes'):>12.0f}   ({each})")


def ratio_line(samples, label, target):
    ratio = median(samples[GAME, label], "ready") / median(samples[BARE, label], "ready")
    print(f"ready {label}: {ratio:.2f}x the bare page (target {target:.2f}x: "
          f"{'met' if ratio <= target else 'NOT met'})")


PAINT_TARGET_MS = 300


def paint_line(samples):
    """The reopened game's last table on screen (ui/paint.js), from navigation."""
    for label in LABELS[1:]:
        runs = samples[GAME, label]
        painted = median(runs, "painted")
        missing = sum(r["painted"] is None for r in runs)
        print(f"last table on screen ({label}): {painted:.0f} ms after navigation, ready at "
              f"{median(runs, 'ready'):.0f} (target {PAINT_TARGET_MS} ms: "
              f"{'met' if painted <= PAINT_TARGET_MS and not missing else 'NOT met'}"
              f"{f'; not painted in {missing} runs' if missing else ''})")


RETURN_TARGET_MS = 1000  # issue 74: a return visit playable (ready) within 1 s


def snapshot_line(samples):
    """The return visits started from the snapshot the first visit made
    (ui/snapshot.mjs), next to the same visits without it."""
    made = [r["made"] for r in samples[GAME_SNAPSHOT, "cold"] if r.get("made")]
    if made:
        print(f"snapshot made on the first visit (in a worker): {statistics.median(int(m) for _, m in made):.0f} ms, "
              f"{int(made[0][0]) / 1e6:.1f} MB kept in Cache Storage")
    for label in LABELS[1:]:
        runs = samples[GAME_SNAPSHOT, label]
        restored = sum(r["snapshot"] == "restored" for r in runs)
        ready, without = median(runs, "ready"), median(samples[GAME, label], "ready")
        print(f"{label} visit from the snapshot ({restored} of {len(runs)} restored): painted "
              f"{median(runs, 'painted'):.0f} ms, ready {ready:.0f} ms, without it {without:.0f}"
              f" (target {RETURN_TARGET_MS} ms: {'met' if ready <= RETURN_TARGET_MS else 'NOT met'})")


def setup_line(samples):
    """A first visit's new-game screens: the early one's Play usable (ui/early.js,
    before the engine), next to the page ready; the real one's Play on screen,
    and when it answers a tap (the page is ready, whichever comes later)."""
    runs = samples[GAME, "cold"]
    usable = [max(r["setup"], r["ready"]) for r in runs if r["setup"] is not None]
    each = " ".join(f"{r['early']:.0f}" if r["early"] is not None else "-" for r in runs)
    print(f"new-game screen (first visit): early screen's Play usable {median(runs, 'early'):.0f} ms after "
          f"navigation ({each}), the engine ready {median(runs, 'ready'):.0f} ms; the real screen's Play "
          f"on screen {median(runs, 'setup'):.0f} ms, usable "
          f"{statistics.median(usable) if usable else float('nan'):.0f} ms"
          f"{f' (never shown in {len(runs) - len(usable)} runs)' if len(usable) < len(runs) else ''}")


def gzip_bytes(site, paths):
    """(raw, gzip -6) bytes of these site files, as a static host would send them."""
    raw = packed = 0
    for path in paths:
        data = (site / path).read_bytes()
        raw += len(data)
        packed += len(gzip.compress(data, compresslevel=6, mtime=0))
    return raw, packed


def site_files(site, sample):
    """The files (relative paths) a page load fetched, its HTML included."""
    paths = {p.lstrip("/") for p in sample["files"]} | {sample["html"].lstrip("/") or "index.html"}
    return sorted(p for p in paths if p and (site / p).is_file())


def bytes_lines(site, samples):
    print("first visit: bytes over the wire, and the same files raw and gzip -6 (static host)")
    for name in (GAME, BARE):
        cold = samples[name, "cold"][0]
        raw, packed = gzip_bytes(site, site_files(site, cold))
        print(f"  {name:<16}{median(samples[name, 'cold'], 'bytes') / 1e6:6.2f} MB over the wire, "
              f"{raw / 1e6:6.2f} MB raw, {packed / 1e6:6.2f} MB gzip")
    sw = (site / "sw.js").read_text()
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.S).group(1))
    raw, packed = gzip_bytes(site, files)
    every = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
    print(f"  offline copy (sw.js precache): {len(files)} files, {raw / 1e6:.2f} MB "
          f"({packed / 1e6:.2f} MB gzip) of the site's {every / 1e6:.2f} MB")


# A tap's time to the frame that shows its update: the click (capture phase,
# before the page's own handler) to the next animation frame after the hand
# or the action bar changes (ui/dom.js patches them: any node, attribute or text).
WATCH_TAPS = """
window.__taps = [];
let tapAt = null;
document.addEventListener('click', () => { tapAt = performance.now(); }, true);
const seen = () => {
  if (tapAt === null) return;
  const t0 = tapAt;
  tapAt = null;
  requestAnimationFrame(() => window.__taps.push(performance.now() - t0));
};
for (const id of ['hand', 'actions']) {
  new MutationObserver(seen).observe(document.getElementById(id),
                                    { childList: true, subtree: true, attributes: true, characterData: true });
}
"""

# Long tasks (start, duration) and the spans when cards are in flight.
WATCH_FLIGHTS = """
window.__tasks = [];
window.__flights = [];
new PerformanceObserver(list => { for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]); })
  .observe({ type: 'longtask' });
const flying = new Map();
new MutationObserver(records => {
  for (const r of records) {
    for (const n of r.addedNodes) if (n.classList && n.classList.contains('flyer')) flying.set(n, performance.now());
    for (const n of r.removedNodes) if (flying.has(n)) {
      window.__flights.push([flying.get(n), performance.now()]);
      flying.delete(n);
    }
  }
}).observe(document.body, { childList: true, subtree: true });
"""


def while_flying(tasks, flights):
    """Durations of the long tasks that overlap a card in flight."""
    return [d for start, d in tasks if any(a < start + d and start < b for a, b in flights)]


# Chrome's trace gives each main-thread task its thread (CPU) time as well as
# its wall time: on a busy machine a task's wall time grows with the time the
# thread waits for a core, its CPU time does not.
TRACE_CATEGORIES = ["toplevel", "blink.user_timing"]
TRACE_SYNC = "tp-trace-sync"  # a performance mark: the trace clock against performance.now()


def task_cpu_while_flying(trace, sync_ms, flights):
    """[(CPU ms, wall ms)] of the page's main-thread tasks that overlap a card in flight."""
    events = trace["traceEvents"]
    mark = next(e for e in events if e.get("name") == TRACE_SYNC)
    offset = mark["ts"] / 1000 - sync_ms  # trace ms = performance.now() ms + offset
    spans = [(a + offset, b + offset) for a, b in flights]
    out = []
    for e in events:
        if (e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask"
                and (e["pid"], e["tid"]) == (mark["pid"], mark["tid"])):
            start, wall = e["ts"] / 1000, e.get("dur", 0) / 1000
            if any(a < start + wall and start < b for a, b in spans):
                out.append((e.get("tdur", 0) / 1000, wall))
    return out


def motion_timing(pw, base, turns, later_visit):
    """Tap-to-update times and main-thread tasks (long tasks, and every
    task's CPU time from a trace) over a few turns at normal speed (motion
    on), on a first visit or (``later_visit``) once the offline copy is in."""
    browser = harness.launch_chromium(pw)
    page = browser.new_page(**harness.PHONE)
    page.goto(base + "?seed=3")
    if harness.wait_ready(page, 120) != "ready":
        raise SystemExit("the game page did not start")
    if later_visit:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60000)
        page.reload()
        if harness.wait_ready(page, 120) != "ready":
            raise SystemExit("the game page did not start again")
    page.evaluate(WATCH_FLIGHTS)
    page.evaluate(WATCH_TAPS)
    for seat in (1, 2, 3):
        page.select_option(f"#setup-bot-{seat}", "normal")
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    sync_ms = page.evaluate(f"performance.mark('{TRACE_SYNC}').startTime")
    page.click("#btn-start")
    play_turns(page, turns, 120000)
    trace = json.loads(browser.stop_tracing())
    flights = page.evaluate("window.__flights")
    out = {"taps": page.evaluate("window.__taps"),
           "flyers": page.get_attribute("html", "data-motion-flyers"),
           "long": while_flying(page.evaluate("window.__tasks"), flights),
           "cpu": task_cpu_while_flying(trace, sync_ms, flights)}
    browser.close()
    return out


def motion_lines(m, later_visit):
    """The motion figures of one visit (motion_timing), each against its target."""
    visit = "a later visit" if later_visit else "the first visit"
    tap = statistics.median(m["taps"]) if m["taps"] else float("nan")
    print(f"{visit}: tap to table update (normal speed, motion on, {len(m['taps'])} taps): median {tap:.0f} ms, "
          f"max {max(m['taps'], default=0):.0f} ms (target: median under 100 ms: {'met' if tap < 100 else 'NOT met'})")
    longest = max(m["long"], default=0)
    print(f"{visit}: main thread while moves animate ({m['flyers']} cards flown): {len(m['long'])} tasks "
          f"over 50 ms, longest {longest:.0f} ms (target: none over 50 ms: {'met' if not m['long'] else 'NOT met'})")
    cpu = sorted(c for c, _ in m["cpu"])
    if cpu:
        after = ", ".join(f"{c:.1f}" for c in cpu[-4:-1][::-1])
        print(f"  the same tasks' CPU time (a trace; a busy machine does not inflate it): "
              f"{len(cpu)} tasks, longest {cpu[-1]:.1f} ms, the next {after}; "
              f"{sum(cpu):.0f} ms in all; {sum(c > 50 for c in cpu)} over 50 ms")


def build_with_bare(site):
    """The site, and the bare page with the stock Pyodide (its own python_stdlib.zip)."""
    harness.build_site(site)
    (site / "bare.html").write_text(BARE_PAGE)
    stock = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    shutil.copy(stock, site / "vendor" / "pyodide")


def breakdown_only(runs, phone):
    """The game's start-up, step by step, next to the game as it started
    before, the empty PyScript page and bare Pyodide."""
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build_with_bare(site)
        breakdown.prepare(site)
        with harness.serve(site) as base, sync_playwright() as pw:
            variants = [(name, base + page, True) for name, page in breakdown.VARIANTS]
            pages = ((GAME, base, True), (GAME_SNAPSHOT, base, SNAPSHOTS), *variants,
                     (FLOOR, base + "floor.html", False), (BARE, base + "bare.html", False))
            samples = measure(pw, pages, runs, phone=phone, metrics=breakdown.TIMELINE)
    names = [name for name, _, _ in pages]
    for label in LABELS:
        breakdown.print_breakdown(samples, names, label, (GAME, GAME_SNAPSHOT))
        ready = {name: median(samples[name, label], "ready") for name in names}
        print(f"ready {label}, against bare Pyodide: " + ", ".join(
            f"{name} {ready[name] / ready[BARE]:.2f}x" for name in names[:-1]))
    print("\nmodules imported by ui/main.py:", " ".join(breakdown.modules_used(samples, GAME)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="page loads per page (0: none)")
    parser.add_argument("--phone-runs", type=int, default=3, help="runs under the phone profile (0: none)")
    parser.add_argument("--turns", type=int, default=15, help="human turns for the bot timing")
    parser.add_argument("--bots", default="normal", help="the bots' level for the timing")
    parser.add_argument("--motion-turns", type=int, default=6, help="human turns at normal speed, motion on")
    parser.add_argument("--breakdown", action="store_true",
                        help="only where the start-up time goes (bench/start_breakdown.py), "
                             "--runs runs")
    parser.add_argument("--phone", action="store_true",
                        help="with --breakdown: under the phone profile, --phone-runs runs")
    args = parser.parse_args()
    if args.breakdown:
        return breakdown_only(args.phone_runs if args.phone else args.runs, args.phone)
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        build_with_bare(site)
        with harness.serve(site) as base, sync_playwright() as pw:
            pages = ((GAME, base, True), (GAME_SNAPSHOT, base, SNAPSHOTS), (BARE, base + "bare.html", False))
            if args.runs:
                print(f"page load, phone 390x844, median of {args.runs} runs (ms; bytes over the wire)")
                samples = measure(pw, pages, args.runs)
                load_table(samples, pages)
                for label in LABELS:
                    ratio_line(samples, label, 1.0)
                paint_line(samples)
                snapshot_line(samples)
                setup_line(samples)
                bytes_lines(site, samples)
            if args.phone_runs:
                print(f"\nphone profile: CPU {PHONE_CPU_SLOWDOWN}x slower, 9 Mbit/s, 40 ms; "
                      f"median of {args.phone_runs} runs (files served gzipped, as GitHub Pages does)")
                phone = measure(pw, pages, args.phone_runs, phone=True)
                load_table(phone, pages)
                for label in LABELS:
                    ratio_line(phone, label, 1.0)
                paint_line(phone)
                snapshot_line(phone)
                setup_line(phone)
            if args.turns:
                t = bot_timing(pw, base, args.turns, args.bots)
                print(f"bot turn in the page ({args.bots} bots, {t['actions']} actions): "
                      f"median {float(t['ms-median']):.2f} ms, max {float(t['ms-max']):.2f} ms per action; "
                      f"a table re-render takes {t['render']} ms (median)")
                longest = max(t["long"], default=0)
                print(f"main thread while the bots played: {len(t['long'])} tasks over 50 ms, longest "
                      f"{longest:.0f} ms (target: none over 100 ms: {'met' if longest <= 100 else 'NOT met'})")
            if args.motion_turns:
                for later_visit in (False, True):
                    motion_lines(motion_timing(pw, base, args.motion_turns, later_visit), later_visit)


if __name__ == "__main__":
    main()
