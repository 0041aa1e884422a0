"""A return visit started from a memory snapshot the phone made (ui/snapshot.mjs),
and every way a snapshot can go wrong falling back to a normal start.

One phone profile plays the visits in turn (each a page boot): the first
visit makes the snapshot once the offline copy serves the page and the
player leaves it alone; a reload restores it (``<html data-snapshot>``)
and plays; offline too. Then the snapshot is spoilt each way: another
release's, a copy cut short, one that is no snapshot at all, and a restore
that never reached ready; each visit starts normally and plays, as does
one whose read never answers.
"""

import harness
from pages import game_state, simple_turn, start_game

CACHE = "tp-snapshot"
ENTRIES = f"caches.open('{CACHE}').then(c => c.keys()).then(ks => ks.map(r => r.url))"
KEY = "document.documentElement.dataset.snapshotKey"
# While localStorage holds test.reader-hangs, ui/snapshot_reader.mjs's worker never answers.
HANGING_READER = """
if (localStorage.getItem("test.reader-hangs")) {
    const RealWorker = Worker;
    window.Worker = function (url, options) {
        const silent = URL.createObjectURL(new Blob(["onmessage = () => {};"], { type: "text/javascript" }));
        return new RealWorker(String(url).includes("snapshot_reader") ? silent : url, options);
    };
}
"""


def visit(page, url=None):
    """Load (or reload) the page; what its start did with a snapshot."""
    if url:
        page.goto(url)
    else:
        page.reload()
    assert harness.wait_ready(page, 120) == "ready", page.text_content("#boot")
    return page.evaluate("document.documentElement.dataset.snapshot")


def plays(page):
    """A turn by taps lands in the game's log (the table is live)."""
    before = len(game_state(page)["log"])
    simple_turn(page)
    assert len(game_state(page)["log"]) > before


def new_game_seed(page):
    """A visit, then a new game from the games list (☰), its seed drawn by the page."""
    assert visit(page) == "restored"
    page.click("#btn-menu")
    page.click("#btn-games-new")
    page.click("#btn-start")
    page.wait_for_function("document.getElementById('table').dataset.phase !== 'setup'")
    return game_state(page)["seed"]


def made(page):
    page.wait_for_function("document.documentElement.dataset.snapshot === 'made'", timeout=180_000)
    return page.evaluate(ENTRIES)


def spoil(page, how):
    """Replace the kept snapshot: another release's entry, a copy cut short, or
    one kept whole (ui/snapshot_pages.mjs) whose heap is no snapshot at all."""
    page.evaluate("""async ([cache, how]) => {
        const c = await caches.open(cache);
        const [request] = await c.keys();
        const kept = await (await c.match(request)).arrayBuffer();
        await caches.delete(cache);
        const fresh = await caches.open(cache);
        const other = request.url.replace(/[^/]+$/, "0000000000000000");
        if (how === "release") await fresh.put(other, new Response(kept));
        if (how === "cut") await fresh.put(request, new Response(kept.slice(0, kept.byteLength / 2)));
        if (how === "not a snapshot") {  // "TPS1", a heap of 64 KiB, its one page of 0xff bytes
            const words = new Uint32Array([0x31535054, 65536, 1, 0]);
            const page = new Uint8Array(4096).fill(255);
            await fresh.put(request, new Response(new Blob([words, page])));
        }
    }""", [CACHE, how])


def test_a_return_visit_restores_the_snapshot_and_anything_wrong_starts_as_usual(playwright_driver, base_url, tmp_path):
    context = harness.launch_persistent(playwright_driver, tmp_path / "profile", snapshots=True, **harness.PHONE)
    context.add_init_script(HANGING_READER)
    errors = []
    context.on("console", lambda m: m.type == "error" and errors.append(m.text))
    try:
        page = context.new_page()
        assert visit(page, base_url + "?delay=0&seed=5") == "none"
        start_game(page, True, bots=("normal", "normal", "normal"))
        entries = made(page)
        key = page.evaluate(KEY)
        assert entries == [base_url + "snapshot/" + key], entries
        # Kept without its pages of zeros: well under the heap's 31.5 MB.
        assert 5e6 < int(page.evaluate("document.documentElement.dataset.snapshotBytes")) < 20e6

        assert visit(page) == "restored"
        assert page.evaluate("localStorage.getItem('tp.snapshot')") == key  # kept, and trusted again
        plays(page)
        page.goto(base_url + "?delay=0")  # no seed asked for: the page draws one
        assert len({new_game_seed(page) for _ in range(2)}) == 2  # each visit draws afresh
        context.set_offline(True)
        assert visit(page) == "restored"
        plays(page)
        context.set_offline(False)

        page.evaluate("localStorage.setItem('test.reader-hangs', '1')")
        assert visit(page) == "none"  # a read with no answer in time: a normal start, the snapshot kept
        plays(page)
        assert page.evaluate(ENTRIES) == entries
        page.evaluate("localStorage.removeItem('test.reader-hangs')")

        page.goto(base_url + "?delay=0&seed=5")
        for how in ("release", "cut", "not a snapshot"):
            spoil(page, how)
            assert visit(page) == ("refused" if how == "not a snapshot" else "none"), how
            plays(page)
            if how != "release":
                assert page.evaluate(ENTRIES) == [], how  # a bad copy is dropped
            assert made(page) == entries, how  # this release's made again once idle, the only one kept

        page.evaluate("localStorage.setItem('tp.snapshot', 'restoring')")
        assert visit(page) == "none"  # the last restore never got to ready: dropped
        assert page.evaluate(ENTRIES) == [] or made(page)
        plays(page)
    finally:
        context.close()
    assert not [e for e in errors if "snapshot" in e.lower()], errors


def test_storage_that_refuses_the_page_only_means_no_snapshot(playwright_driver, base_url, tmp_path):
    context = harness.launch_persistent(playwright_driver, tmp_path / "profile", snapshots=True, **harness.PHONE)
    context.add_init_script("""
        for (const name of ["open", "match", "has", "delete"]) {
            CacheStorage.prototype[name] = () => Promise.reject(new DOMException("refused", "SecurityError"));
        }
    """)
    try:
        page = context.new_page()
        assert visit(page, base_url + "?delay=0&seed=6") == "none"
        start_game(page, True, bots=("normal", "normal", "normal"))
        page.wait_for_timeout(6000)  # idle: a snapshot would be made now
        assert page.evaluate("document.documentElement.dataset.snapshot") == "none"
        assert visit(page) == "none"
        plays(page)
        assert page.evaluate("document.documentElement.dataset.appState") == "ready"
    finally:
        context.close()
