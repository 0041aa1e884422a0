"""Browser fixtures: the built site, a local server, headless Chromium.

The site is built once per run (scripts/build_site.py) and served by
scripts/serve.py on a free localhost port. Without the playwright package
the browser tests skip; a failed build or launch fails them. Every test
fails on a console error or an uncaught page error (a failed handler) of
any page it opened, unless its ``console_errors`` marker allows that error.
"""

import fcntl
import os
import re
from pathlib import Path

import pytest

import harness

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # engine-only setups need not install a browser driver
    sync_playwright = None

# The tests' shared page helpers: their asserts explain a failure as the tests' own do.
pytest.register_assert_rewrite("pages")

# A browser tab whose renderer process dies (Playwright: "Target crashed")
# has been seen while a page started Pyodide, one or two times in a CI run
# of several hundred page starts, never in 80 starts in a row by
# themselves, idle or loaded; with the tests in two processes and more
# work beside them, five times in one run, twice in one test (bench/LOG.md).
# Such a test runs again, at most twice, each time in a new browser
# (pytest-rerunfailures, which reports it as rerun; FileBrowser); any other
# failure fails it at once.
CRASHED = "Target crashed"
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=[CRASHED]))


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory):
    """site/, built once a run. Under pytest-xdist (scripts/test.sh runs two
    workers) the first worker here builds it while the others wait on a lock
    in the run's shared temporary folder."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        harness.build_site()
        return harness.SITE
    shared = tmp_path_factory.getbasetemp().parent
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        built = shared / "site.built"
        if not built.exists():
            harness.build_site()
            built.touch()
    return harness.SITE


@pytest.fixture(scope="session")
def base_url(site_dir):
    """http://127.0.0.1:PORT/ serving site/."""
    with harness.serve(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def playwright_driver():
    if sync_playwright is None:
        pytest.skip("playwright is not installed: pip install -r requirements-dev.txt")
    with sync_playwright() as pw:
        yield pw


class FileBrowser:
    """A test file's browser: whatever one file's pages leave behind in the
    browser's processes is gone before the next file starts. A test whose
    tab crashed gets a new one for its rerun: in one CI run the same test's
    tab crashed three times in a row in one browser."""

    def __init__(self, playwright):
        self.playwright = playwright
        self.browser = None
        self.crashed = False

    def get(self):
        if self.crashed:
            self.close()
        if self.browser is None:
            self.browser = harness.launch_chromium(self.playwright)
        return self.browser

    def close(self):
        if self.browser is not None:
            self.browser.close()
        self.browser, self.crashed = None, False


@pytest.fixture(scope="module")
def file_browser(playwright_driver):
    browser = FileBrowser(playwright_driver)
    yield browser
    browser.close()


@pytest.fixture
def chromium(file_browser):
    """The test file's browser."""
    return file_browser.get()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed and CRASHED in str(report.longrepr) and "file_browser" in item.funcargs:
        item.funcargs["file_browser"].crashed = True
    return report


@pytest.fixture(autouse=True)
def no_console_errors(request, monkeypatch):
    """Close every context the test created, and fail the test at teardown if
    any of their pages logged a console error or threw an uncaught error (a
    handler's exception becomes a toast and a console error, so this is how a
    failed handler shows).
    ``@pytest.mark.console_errors(pattern, ...)`` allows the errors a test
    provokes on purpose (each pattern a regex searched in the error's text)."""
    if "chromium" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("chromium")
    errors, contexts = [], []
    new_context = browser.new_context

    def watched_context(**kwargs):
        context = new_context(**kwargs)
        context.add_init_script(harness.NO_SNAPSHOT)
        context.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
        context.on("weberror", lambda e: errors.append(f"pageerror: {e.error}"))
        contexts.append(context)
        return context

    monkeypatch.setattr(browser, "new_context", watched_context)
    yield
    # A context a failed test left open would keep its renderers (each with a
    # Pyodide heap) alive for the rest of the run: close them all here.
    for context in contexts:
        context.close()
    marker = request.node.get_closest_marker("console_errors")
    allowed = [re.compile(p) for p in marker.args] if marker else []
    unexpected = [e for e in errors if not any(a.search(e) for a in allowed)]
    if unexpected:
        pytest.fail("console or page errors:\n" + "\n".join(unexpected), pytrace=False)


@pytest.fixture
def phone_context(chromium):
    """390x844 touch phone, fresh cache and storage."""
    context = harness.traced_context(chromium, **harness.PHONE)
    yield context
    context.close()


@pytest.fixture
def desktop_context(chromium):
    """1280x800 desktop, fresh cache and storage."""
    context = harness.traced_context(chromium, **harness.DESKTOP)
    yield context
    context.close()


@pytest.fixture
def record():
    """record(page) -> PageLog: every request URL, failed response, console error."""
    return lambda page: harness.PageLog().attach(page)
