"""Offline: after one visit the service worker (sw.js) serves the whole site,
so the page boots and plays with the server gone."""

import hashlib

import harness
from pages import game_state, precache, press, start_game, table, wait_settled

# PyScript chunks of what the page turns off or never runs: never precached.
UNUSED_CHUNKS = ("codemirror", "xterm", "py-editor", "py-game", "py-terminal", "donkey",
                 "deprecations-manager", "mpy-", "service-worker", "storage")


def test_precache_lists_what_the_page_uses(site_dir):
    _, files = precache(site_dir)
    on_disk = sorted(p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file())
    # The packed copies (the wasm, app.tar) are not stored: the worker stores them unpacked.
    assert [f for f in on_disk if not f.startswith("vendor/pyscript/") and f != "sw.js"
            and not f.endswith(".xz")] == [
        f for f in files if not f.startswith("vendor/pyscript/")]
    assert {"vendor/pyodide/pyodide.asm.wasm", "app.tar", "manifest.webmanifest"} <= set(files)
    assert any(f.startswith("rules/") for f in files) and "ui/paint.js" in files
    chunks = [f for f in files if f.startswith("vendor/pyscript/")]
    assert "vendor/pyscript/core.js" in chunks and any("/toml-" in f for f in chunks)
    assert [f for f in chunks if any(u in f for u in UNUSED_CHUNKS)] == []
    assert len(chunks) < sum(f.startswith("vendor/pyscript/") for f in on_disk)


def test_plays_with_the_server_stopped(site_dir, chromium, record):
    version, files = precache(site_dir)
    context = chromium.new_context(**harness.PHONE)
    page = context.new_page()
    with harness.serve(site_dir) as url:
        page.goto(url + "?delay=0&seed=7")
        assert harness.wait_ready(page, 60) == "ready"
        # installed (every file stored) and controlling this page
        page.wait_for_function("navigator.serviceWorker.controller?.state === 'activated'", timeout=120_000)
        cached = page.evaluate("""async () => {
            const names = await caches.keys();
            return [names, (await (await caches.open(names[0])).keys()).length]; }""")
        assert cached == [[f"triple-play-{version}"], len(files)]
    log = record(page)
    page.reload()
    assert harness.wait_ready(page, 60) == "ready", page.text_content("#boot")
    # Chromium reads the precached files itself (sw.js's static routes), the
    # page's address still goes through the worker's fetch handler.
    sources = page.evaluate("""() => Object.fromEntries(performance.getEntries()
        .filter(e => e.entryType === 'navigation' || e.name.endsWith('/pyodide.asm.wasm'))
        .map(e => [e.entryType, e.workerMatchedSourceType]))""")
    assert sources == {"navigation": "fetch-event", "resource": "cache"}
    # The wasm, unpacked from the copy a first visit fetched packed.
    wasm = hashlib.sha256((site_dir / "vendor/pyodide/pyodide.asm.wasm").read_bytes()).hexdigest()
    assert page.evaluate("""() => fetch('vendor/pyodide/pyodide.asm.wasm').then(async r => {
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await r.arrayBuffer()));
        return [r.headers.get('content-type'), Array.from(digest, b => b.toString(16).padStart(2, '0')).join('')];
    })""") == ["application/wasm", wasm]
    start_game(page, touch=True)
    wait_settled(page)
    press(page, "#btn-draw", True)
    assert table(page, "phase") == "play"
    # Reloaded offline, the game continues and a move plays.
    before = len(game_state(page)["log"])
    page.reload()
    assert harness.wait_ready(page, 60) == "ready", page.text_content("#boot")
    assert table(page, "phase") == "play"
    page.locator("#hand .chip").last.tap()
    press(page, "#btn-discard", True)
    wait_settled(page)
    assert len(game_state(page)["log"]) > before
    # The rules, in the page and as their own page.
    press(page, "#btn-rules", True)
    assert page.locator("#rules h2").count() > 0
    rules_page = page.eval_on_selector("#rules a[href^='rules/']", "a => a.getAttribute('href')")
    assert page.evaluate("u => fetch(u).then(r => r.status)", rules_page) == 200
    # A new game, offline.
    press(page, "#btn-menu", True)
    press(page, "#btn-games-new", True)
    start_game(page, touch=True)
    wait_settled(page)
    assert len(game_state(page)["log"]) < before
    # Everything asked for came from the precache.
    local = {u.split("?")[0].split("/", 3)[-1] for u in log.requests}
    assert local - set(files) - {""} == set()
    assert log.failures == [] and log.console_errors == []
    harness.screenshot(page, "phone-offline")
    context.close()
