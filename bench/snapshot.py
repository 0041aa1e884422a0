#!/usr/bin/env python3
"""What a Pyodide memory snapshot made on the phone would save at start-up (issue 74).

A probe, not the page: a copy of the built site gets one extra page that
loads the page's Pyodide (vendor/pyodide, the compiled stdlib) four ways,
each in a fresh page of one browser profile:

- ``make``: loadPyodide with ``_makeSnapshot``, app.zip unpacked, ``game``
  and ``ui.controller`` imported (every module the page imports but
  ui.dom, which reaches the browser), ``makeMemorySnapshot()``, the bytes
  put in Cache Storage; once, first;
- ``normal``: loadPyodide, app.zip unpacked, the same imports: what a
  start does today before PyScript's own set-up and ui/main.py;
- ``restore``: the snapshot read from Cache Storage, then loadPyodide with
  ``_loadSnapshot`` (the imports are already done: the check only finds
  the modules in ``sys.modules``), app.zip unpacked again;
- ``parallel``: the same, the snapshot's read handed to loadPyodide as a
  promise so it overlaps the runtime's download and compile.

With ``--page``, the game's own page instead: the copy's
ui/start_pyodide.mjs is patched (PATCH) to start from the probe's snapshot
when there is one, so PyScript and ui/main.py run on a restored runtime; a
game is started, then reloads take turns with and without the snapshot
(a localStorage switch), each timed to ``<html data-app-state="ready">``.

Prints each way's times (ms, median of ``--runs``) and the snapshot's size,
on the desktop and with ``--phone`` under the phone profile (CPU 4x
slower, bench.page_load.emulate_phone). Wall times: run it on a quiet machine.

    .venv/bin/python -m bench.snapshot [--runs 3] [--phone] [--page]
"""

import argparse
import shutil
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.page_load import emulate_phone
from e2e import harness

PROBE = """<!doctype html><meta charset="utf-8"><title>snapshot probe</title>
<script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const STD = new URL("./vendor/pyodide/python_stdlib_compiled.zip", location.href).href;
const IMPORTS = "import game\\nfrom ui.controller import Controller\\n";
const CHECK = "import sys\\nassert 'ui.table.table' in sys.modules\\n";
const now = () => performance.now();
async function appFiles(py) {
  py.unpackArchive(await (await fetch("./app.zip")).arrayBuffer(), "zip");
}
function stored() {
  return caches.open("probe").then((c) => c.match("/snapshot")).then((r) => r.arrayBuffer())
    .then((b) => new Uint8Array(b));
}
window.probe = {
  async make() {
    const t0 = now();
    const py = await loadPyodide({ _makeSnapshot: true, stdLibURL: STD });
    const t1 = now();
    await appFiles(py); py.runPython(IMPORTS);
    const t2 = now();
    const snap = py.makeMemorySnapshot();
    const t3 = now();
    await (await caches.open("probe")).put("/snapshot", new Response(snap));
    return { load: t1 - t0, imports: t2 - t1, snapshot: t3 - t2, store: now() - t3, bytes: snap.length };
  },
  async normal() {
    const t0 = now();
    const py = await loadPyodide({ stdLibURL: STD });
    const t1 = now();
    await appFiles(py); py.runPython(IMPORTS);
    return { load: t1 - t0, imports: now() - t1, total: now() - t0 };
  },
  async restore() {
    const t0 = now();
    const bytes = await stored();
    const t1 = now();
    const py = await loadPyodide({ stdLibURL: STD, _loadSnapshot: bytes });
    const t2 = now();
    await appFiles(py); py.runPython(CHECK);
    return { read: t1 - t0, load: t2 - t1, imports: now() - t2, total: now() - t0 };
  },
  async parallel() {
    const t0 = now();
    const py = await loadPyodide({ stdLibURL: STD, _loadSnapshot: stored() });
    const t1 = now();
    await appFiles(py); py.runPython(CHECK);
    return { load: t1 - t0, imports: now() - t1, total: now() - t0 };
  },
};
</script>
"""
WAYS = ("normal", "restore", "parallel")
# --page: the page's runtime started from the probe's snapshot, unless switched off.
START = """const started = afterPaint().then(() => {
  unpackWasm();
  return load({ stdLibURL: STDLIB });
});"""
PATCH = """const probed = localStorage.getItem("probe-off") ? Promise.resolve(null)
  : caches.open("probe").then((c) => c.match("/snapshot"))
    .then((r) => (r ? r.arrayBuffer().then((b) => new Uint8Array(b)) : null));
const started = afterPaint().then(async () => {
  unpackWasm();
  const snapshot = await probed;
  return load(snapshot ? { stdLibURL: STDLIB, _loadSnapshot: snapshot } : { stdLibURL: STDLIB });
});"""
READY_AT = """new MutationObserver(() => {
  if (document.documentElement.dataset.appState === "ready" && window.__readyAt === undefined) {
    window.__readyAt = performance.now();
  }
}).observe(document, { attributes: true, subtree: true });"""


def probe_ways(context, url, runs, phone):
    """The probe page's ways: (what making the snapshot took, {way: [times]})."""
    page = context.new_page()

    def run(way):
        page.goto(url + "probe.html")
        page.wait_for_function("window.probe !== undefined")
        if phone:
            emulate_phone(context, page)
        return page.evaluate(f"probe.{way}()")

    made = run("make")
    samples = {way: [] for way in WAYS}
    for _ in range(runs):
        for way in WAYS:
            samples[way].append(run(way))
    return made, samples


def page_ways(context, url, runs, phone):
    """The game's page reloaded with and without the snapshot: (the making, {way: [ready ms]})."""
    context.add_init_script(READY_AT)
    page = context.new_page()
    page.goto(url + "probe.html")
    page.wait_for_function("window.probe !== undefined")
    made = page.evaluate("probe.make()")
    page.goto(url + "?seed=3")
    assert harness.wait_ready(page, 120) == "ready"
    page.click("#btn-start")  # a game at the table: the reloads reopen it
    page.wait_for_function("localStorage.getItem('tp.paint') !== null")
    if phone:
        emulate_phone(context, page)
    samples = {"restored": [], "today": []}
    for _ in range(runs):
        for way, rows in samples.items():
            page.evaluate("off => off ? localStorage.setItem('probe-off', '1') : localStorage.removeItem('probe-off')",
                          way == "today")
            page.wait_for_timeout(1500)
            page.reload()
            assert harness.wait_ready(page, 120) == "ready"
            page.wait_for_function("window.__readyAt !== undefined")
            rows.append({"ready": page.evaluate("window.__readyAt")})
    return made, samples


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--phone", action="store_true", help="under the phone profile (CPU 4x slower)")
    ap.add_argument("--page", action="store_true", help="the game's page, on a restored runtime or not")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as profile:
        site = Path(tmp) / "site"
        shutil.copytree(harness.SITE, site)
        (site / "probe.html").write_text(PROBE)
        start = site / "ui" / "start_pyodide.mjs"
        if args.page:
            assert START in start.read_text(), "ui/start_pyodide.mjs changed: update bench/snapshot.py's PATCH"
            start.write_text(start.read_text().replace(START, PATCH))
        else:
            (site / "sw.js").unlink()  # the probe page has no service worker; none may serve it
        with harness.serve(site) as url, sync_playwright() as pw:
            context = harness.launch_persistent(pw, profile, **harness.PHONE)
            ways = page_ways if args.page else probe_ways
            made, samples = ways(context, url, args.runs, args.phone)
            context.close()
    print(f"{'phone profile' if args.phone else 'desktop'}, {args.runs} runs, medians (ms)")
    print("make: " + ", ".join(f"{k} {v:,.0f}" for k, v in made.items()))
    for way, rows in samples.items():
        print(f"{way}: " + ", ".join(f"{k} {statistics.median(r[k] for r in rows):,.0f}" for k in rows[0]))


if __name__ == "__main__":
    main()
