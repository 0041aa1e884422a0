"""The page boots to a playable state with nothing fetched from outside."""

import shutil

import harness

BOOT_TIMEOUT_S = 60


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
    assert any(u.endswith("/vendor/pyodide/pyodide.asm.wasm") for u in log.requests)
    harness.screenshot(page, "phone-ready")


def test_boots_to_ready_on_desktop(desktop_context, base_url, record):
    page = desktop_context.new_page()
    log = record(page)
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready", page.text_content("#boot")
    assert_clean(log)
    harness.screenshot(page, "desktop-ready")


def test_skeleton_and_progress_show_before_python(phone_context, base_url, record):
    """Hold the wasm download: the table and the loading stage must already show."""
    page = phone_context.new_page()
    log = record(page)
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(base_url)
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for the Pyodide wasm"

    assert page.evaluate("document.documentElement.dataset.appState") == "loading"
    for selector in ("header.topbar", "#melds", "#hand", "#actions", "#boot"):
        assert page.is_visible(selector), selector
    assert page.text_content("#boot-stage") == "Loading Python runtime…"
    assert page.eval_on_selector("#boot-progress", "el => el.value") > 0
    harness.screenshot(page, "phone-loading")

    held[0].continue_()
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "ready"
    assert_clean(log)


def test_python_error_is_shown(phone_context, base_url):
    """A failing ui/main.py turns the page to the error state with the message."""
    page = phone_context.new_page()
    page.route("**/ui/main.py", lambda route: route.fulfill(
        status=200, content_type="text/plain", body="raise RuntimeError('boom from main')\n"))
    page.goto(base_url)
    assert harness.wait_ready(page, BOOT_TIMEOUT_S) == "error"
    assert page.is_visible("#boot-error")
    assert "boom from main" in page.text_content("#boot-error")
    harness.screenshot(page, "phone-error")


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
