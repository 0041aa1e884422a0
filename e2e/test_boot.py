"""The page boots to a playable state with nothing fetched from outside."""

import shutil
from collections import Counter

import pytest

import harness
from pages import BOOT_TIMEOUT_S, PACKED_WASM

# PyScript plugins pyscript.toml (and index.html's <mpy-config>) turn off.
PLUGINS_OFF = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
# Run instead of ui/main.py: is PyScript's own package imported from the
# bytecode in app.tar, none of its sources written (scripts/pyscript_core.py),
# without the cp437 codec?
BYTECODE_PROBE = """
import os, sys
from pyscript import document
files = os.listdir("pyscript")
# Its Python modules (pyscript.js_modules is PyScript's JavaScript, with no file).
loaded = [getattr(m, "__file__", None) for name, m in sys.modules.items() if name.split(".")[0] == "pyscript"]
loaded = [f for f in loaded if f]
root = document.documentElement
counts = (len([n for n in files if n.endswith(".pyc")]), len([n for n in files if n.endswith(".py")]),
          len(loaded), len([f for f in loaded if f.endswith(".pyc")]))
root.dataset.bytecode = "/".join(map(str, counts))
root.dataset.cp437 = str("encodings.cp437" in sys.modules)
root.dataset.appState = "ready"
"""


def assert_clean(log):
    assert log.external == [], "requests left localhost"
    assert log.failures == [], "failed requests"
    assert log.console_errors == [], "console errors"


def test_boots_to_ready_on_phone(phone_context, base_url, record):
    page = phone_context.new_page()
    log = record(page)
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready", page.text_content("#boot")
    assert page.text_content("#status").startswith("Ready")
    assert not page.is_visible("#boot")
    assert_clean(log)
    # A first visit fetches the wasm packed (scripts/build_site.py, PACKED_WASM).
    assert any(u.endswith("/vendor/pyodide/pyodide.asm.wasm.xz") for u in log.requests)
    assert not any(u.endswith("/vendor/pyodide/pyodide.asm.wasm") for u in log.requests)
    harness.screenshot(page, "phone-ready")


def test_boots_to_ready_on_desktop(desktop_context, base_url, record):
    page = desktop_context.new_page()
    log = record(page)
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready", page.text_content("#boot")
    assert_clean(log)
    harness.screenshot(page, "desktop-ready")


def test_new_game_screen_and_progress_show_before_python(phone_context, base_url, record):
    """Hold the wasm download: a first visit's new-game screen (ui/early.js, in
    place of the skeleton table) and the loading stage must already show."""
    page = phone_context.new_page()
    log = record(page)
    held = []
    page.route(PACKED_WASM, lambda route: held.append(route))
    with page.expect_request(PACKED_WASM, timeout=10_000):
        page.goto(base_url)
    page.wait_for_function("document.getElementById('boot-stage').textContent === 'Loading Python runtime…'")
    assert held, "the page never asked for the Pyodide wasm"

    assert page.evaluate("document.documentElement.dataset.appState") == "loading"
    for selector in ("header.topbar", "#early-play", "#early-lesson", "#boot"):
        assert page.is_visible(selector), selector
    assert not page.is_visible("#hand")
    assert page.text_content("#boot-stage") == "Loading Python runtime…"
    assert page.eval_on_selector("#boot-progress", "el => el.value") > 0
    harness.screenshot(page, "phone-loading")

    held[0].continue_()
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready"
    assert not page.is_visible("#early") and page.is_visible("#btn-start")
    assert_clean(log)


def test_start_up_uses_its_preloads_and_skips_unused_plugins(phone_context, base_url, record):
    """index.html preloads what PyScript loads one after another at start-up
    (scripts/build_site.py): each is fetched once, not again when PyScript
    asks for it; and the plugins pyscript.toml turns off are not loaded."""
    page = phone_context.new_page()
    log = record(page)
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready"
    preloaded = page.eval_on_selector_all(
        "link[rel=modulepreload], link[rel=preload]", "links => links.map(l => l.href)")
    assert any(u.endswith("/vendor/pyodide/pyodide.mjs") for u in preloaded)
    assert any(u.endswith("/pyscript.toml") for u in preloaded)
    assert any(u.endswith("/app.tar.xz") for u in preloaded)  # a first visit's packed copy
    for runtime in ("pyodide/pyodide.asm.wasm.xz", "pyodide/python_stdlib_compiled.zip",
                    "pyodide/pyodide-lock.json", "pyodide/pyodide.asm.mjs", "xz/xz-decompress.min.js"):
        assert any(u.endswith(f"/vendor/{runtime}") for u in preloaded), runtime
    fetched = Counter(log.requests)
    assert {u: fetched[u] for u in preloaded} == {u: 1 for u in preloaded}
    assert [u for u in log.requests if any(f"/vendor/pyscript/{p}-" in u for p in PLUGINS_OFF)] == []
    assert_clean(log)


def test_pyscript_package_comes_compiled(phone_context, base_url):
    """app.tar carries PyScript's `pyscript` package as bytecode; Python
    imports it from there, and PyScript writes none of its sources."""
    page = phone_context.new_page()
    page.route("**/ui/main.py", lambda route: route.fulfill(
        status=200, content_type="text/plain", body=BYTECODE_PROBE))
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready", page.text_content("#boot")
    compiled, sources, imported, from_bytecode = map(int, page.get_attribute("html", "data-bytecode").split("/"))
    assert compiled > 5 and sources == 0 and imported > 5 and from_bytecode == imported
    assert page.get_attribute("html", "data-cp437") == "False"


# Appended to ui/main.py: the standard library modules the start imported from source.
# Over a copy of sys.modules: reading __file__ runs a module named with
# game.later's ``later``, which may import more.
FROM_SOURCE_PROBE = """
import sys as _sys
from pyscript import document as _document
_document.documentElement.dataset.fromSource = " ".join(sorted(
    name for name, m in list(_sys.modules.items())
    if ".zip/" in (getattr(m, "__file__", None) or "") and (m.__file__ or "").endswith(".py")))
"""


def test_start_up_imports_the_standard_library_compiled(phone_context, base_url, site_dir):
    """ui/start_pyodide.mjs loads the shipped stdlib, whose modules are all
    bytecode (scripts/stdlib.mjs): a module shipped as source would be
    compiled at every start."""
    page = phone_context.new_page()
    main = (site_dir / "ui" / "main.py").read_text()
    page.route("**/ui/main.py", lambda route: route.fulfill(
        status=200, content_type="text/plain", body=main + FROM_SOURCE_PROBE))
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready", page.text_content("#boot")
    assert page.get_attribute("html", "data-from-source") == "", \
        "scripts/stdlib.mjs must ship these as bytecode"


@pytest.mark.console_errors("boom from main")
def test_python_error_is_shown(phone_context, base_url):
    """A failing ui/main.py turns the page to the error state with the message."""
    page = phone_context.new_page()
    page.route("**/ui/main.py", lambda route: route.fulfill(
        status=200, content_type="text/plain", body="raise RuntimeError('boom from main')\n"))
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "error"
    assert page.is_visible("#boot-error")
    assert "boom from main" in page.text_content("#boot-error")
    assert page.is_visible("#boot-retry")
    harness.screenshot(page, "phone-error")


def drop_first(page, pattern):
    """Fail the first request matching ``pattern`` as a reset connection;
    returns the list of requests seen, which grows on each one."""
    seen = []

    def handle(route):
        seen.append(route.request.url)
        if len(seen) == 1:
            route.abort("connectionreset")
        else:
            route.continue_()
    page.route(pattern, handle)
    return seen


@pytest.mark.console_errors("net::ERR_CONNECTION_RESET", "Failed to fetch")  # the drop, as the loader may report it
def test_dropped_download_is_retried_once_by_itself(phone_context, base_url):
    """A preloaded file whose download drops fails for good in that page load
    (the browser reuses the failed preload), so the page loads once more."""
    page = phone_context.new_page()
    seen = drop_first(page, "**/vendor/pyodide/pyodide-lock.json")
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready", page.text_content("#boot")
    assert len(seen) == 2
    assert page.evaluate("sessionStorage.length") == 0  # the next failure may retry again


@pytest.mark.console_errors("net::ERR_CONNECTION_RESET", r"pyodide\.mjs")
def test_failed_download_is_reported_and_try_again_recovers(phone_context, base_url):
    """A download that fails again after the automatic retry is named in the
    error panel, and "Try again" loads the page once more."""
    page = phone_context.new_page()
    page.route("**/vendor/pyodide/pyodide.mjs", lambda route: route.abort("connectionreset"))
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "error"
    assert "pyodide.mjs" in page.text_content("#boot-error")
    assert page.is_visible("#boot-error")
    page.unroute("**/vendor/pyodide/pyodide.mjs")
    with page.expect_navigation():
        page.click("#boot-retry")
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready", page.text_content("#boot")
    assert not page.is_visible("#boot-retry")


@pytest.mark.console_errors("early failure")
def test_failure_before_the_panel_exists_is_still_shown(phone_context, base_url, site_dir):
    """A failure reported while <head> is parsed (before #boot-error exists)
    must still reach the panel. ui/main.py is held, so the start-up cannot
    recover and hide the panel."""
    html = (site_dir / "index.html").read_text()
    boot = html.index("</script>", html.index("window.TriplePlayBoot = ")) + len("</script>")  # written in by the build
    html = html[:boot] + '<script>TriplePlayBoot.fail("early failure")</script>' + html[boot:]
    page = phone_context.new_page()
    page.route(base_url, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    page.route("**/ui/main.py", lambda route: None)  # never answered
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "error"
    assert "early failure" in page.text_content("#boot-error")
    assert page.is_visible("#boot-error")


def test_progress_while_the_panel_is_half_parsed_is_kept_for_later(phone_context, base_url, site_dir):
    """The parser may stop between the panel's lines (a network chunk ends
    there): progress reported when #boot-stage exists but #boot-detail does
    not yet must wait for the rest, not throw (a throw reloads the page)."""
    stage = '<p class="boot-stage" id="boot-stage">Loading page…</p>'
    html = (site_dir / "index.html").read_text()
    assert stage in html
    html = html.replace(stage, stage + '<script>dispatchEvent(new CustomEvent("py:progress", '
                        '{detail: "Loaded Pyodide"}))</script>')
    page = phone_context.new_page()
    page.route(base_url, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    loads = []
    page.on("load", lambda: loads.append(1))
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready", page.text_content("#boot")
    assert len(loads) == 1, "the page loaded again"


def test_works_under_a_sub_path(tmp_path, site_dir, chromium, record):
    """GitHub Pages serves a project at /<name>/: every path must be relative."""
    shutil.copytree(site_dir, tmp_path / "triple-play")
    with harness.serve(tmp_path) as root_url:
        context = chromium.new_context(**harness.DESKTOP)
        page = context.new_page()
        log = record(page)
        page.goto(root_url + "triple-play/")
        assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready"
        assert_clean(log)
        assert all("/triple-play/" in u for u in log.requests)
        context.close()


@pytest.mark.console_errors("download is damaged", "wasm instantiation failed", "xz", "WebAssembly")
def test_damaged_packed_wasm_is_reported(phone_context, base_url, site_dir):
    """The packed wasm (scripts/build_site.py, PACKED_WASM) cut short in the
    middle: ui/start_pyodide.mjs says so in the error panel (Pyodide alone
    would log it and wait for ever), after the one automatic retry."""
    packed = (site_dir / "vendor/pyodide/pyodide.asm.wasm.xz").read_bytes()
    page = phone_context.new_page()
    page.route(PACKED_WASM, lambda route: route.fulfill(
        status=200, content_type="application/x-xz", body=packed[:len(packed) // 2]))
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "error"
    assert "The Python runtime's download is damaged" in page.text_content("#boot-error")


@pytest.mark.console_errors("app.tar.xz is damaged")
def test_damaged_app_files_are_reported(phone_context, base_url, site_dir):
    """app.tar.xz (a first visit's copy) cut short: ui/app_files.mjs says so
    in the error panel (after the one automatic retry) instead of starting
    without the game."""
    packed = (site_dir / "app.tar.xz").read_bytes()
    page = phone_context.new_page()
    page.route("**/app.tar.xz", lambda route: route.fulfill(
        status=200, content_type="application/x-xz", body=packed[:len(packed) // 2]))
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "error"
    assert "app.tar.xz is damaged" in page.text_content("#boot-error")
