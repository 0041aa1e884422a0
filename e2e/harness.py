"""Build, serve and browse the site; shared by e2e/conftest.py and bench/.
What the tests do on the page (press, plant a position, check the layout)
is in e2e/pages.py.

Chromium is Debian's /usr/bin/chromium when present (this workplace cannot
download Playwright's own browser build), else Playwright's bundled one.
"""

import os
import subprocess
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
# TP_SITE lets parallel runs (several checkouts or workers) build apart.
SITE = Path(os.environ.get("TP_SITE") or ROOT / "site")
SCREENSHOTS = ROOT / "e2e" / "screenshots"
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # A container's /dev/shm may be as small as 64 MB; renderers that run out
    # of it crash ("Target crashed"). /tmp has room for a Pyodide page or two.
    "--disable-dev-shm-usage",
]
PHONE = dict(viewport={"width": 390, "height": 844}, device_scale_factor=3,
             has_touch=True, is_mobile=True)
DESKTOP = dict(viewport={"width": 1280, "height": 800})
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}


def build_site(out: Path = SITE) -> None:
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py"), "--out", str(out)],
                   check=True, stdout=subprocess.DEVNULL)


@contextmanager
def serve(directory: Path = SITE):
    """Run scripts/serve.py on a free port; yield its base URL (ends in '/')."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "scripts" / "serve.py"), "--port", "0", "--dir", str(directory)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        line = proc.stdout.readline()  # "serving DIR at http://127.0.0.1:PORT/"
        if not line.strip():
            raise RuntimeError(f"serve.py exited early with code {proc.wait(5)}")
        yield line.split(" at ")[-1].strip()
    finally:
        proc.terminate()
        proc.wait(10)


def launch_chromium(playwright, **kwargs):
    """Headless Chromium: the system one if installed, else Playwright's."""
    if SYSTEM_CHROMIUM.exists():
        kwargs.setdefault("executable_path", str(SYSTEM_CHROMIUM))
    return playwright.chromium.launch(headless=True, args=CHROMIUM_ARGS, **kwargs)


# The page makes a memory snapshot in a worker once it is idle (ui/snapshot.mjs):
# a second runtime in every test's page would double its memory, so tests
# turn it off unless they are about it: here (``snapshots=True``) and in every
# context e2e/conftest.py watches.
NO_SNAPSHOT = "window.TriplePlayNoSnapshot = true;"


def launch_persistent(playwright, user_data_dir, snapshots=False, **context_kwargs):
    """A context with an on-disk profile, so the HTTP cache holds big files.

    new_context() is incognito-like: its in-memory cache skips entries as big
    as the 9.6 MB wasm, which would make a "warm" reload re-download it.
    """
    if SYSTEM_CHROMIUM.exists():
        context_kwargs.setdefault("executable_path", str(SYSTEM_CHROMIUM))
    context = playwright.chromium.launch_persistent_context(
        str(user_data_dir), headless=True, args=CHROMIUM_ARGS, **context_kwargs)
    if not snapshots:
        context.add_init_script(NO_SNAPSHOT)
    return context


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.hostname in LOCAL_HOSTS


def traced_context(browser, **kwargs):
    """A new context that prints its failed requests and console errors,
    so a failing test's captured output says why a page broke."""
    context = browser.new_context(**kwargs)
    context.on("requestfailed", lambda r: print(f"request failed: {r.url} {r.failure}"))
    context.on("console", lambda m: m.type == "error" and print(f"console error: {m.text}"))
    return context


@dataclass
class PageLog:
    """Every request URL, failed response and console error of a page."""
    requests: list = field(default_factory=list)
    failures: list = field(default_factory=list)
    console_errors: list = field(default_factory=list)
    bytes_received: int = 0

    @property
    def external(self) -> list:
        return [u for u in self.requests if not is_local(u)]

    def attach(self, page) -> "PageLog":
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("requestfailed", lambda r: self.failures.append(f"{r.url} {r.failure}"))
        page.on("response", self._on_response)
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        page.on("pageerror", lambda e: self.console_errors.append(f"pageerror: {e}"))
        return self

    def _on_response(self, response):
        if response.status >= 400:
            self.failures.append(f"{response.url} HTTP {response.status}")

    def add_transfer_sizes(self, page) -> int:
        """Bytes over the wire per the page's Resource Timing (0 for cache hits)."""
        self.bytes_received = page.evaluate(
            """() => performance.getEntriesByType('navigation')
                 .concat(performance.getEntriesByType('resource'))
                 .reduce((n, e) => n + (e.transferSize || 0), 0)"""
        )
        return self.bytes_received


def wait_ready(page, timeout_s: float = 60) -> str:
    """Wait until data-app-state leaves "loading"; return the final state."""
    page.wait_for_function(
        "document.documentElement.dataset.appState !== 'loading'", timeout=timeout_s * 1000
    )
    return page.evaluate("document.documentElement.dataset.appState")


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path


if __name__ == "__main__":  # tiny smoke run: python3 e2e/harness.py
    from playwright.sync_api import sync_playwright

    build_site()
    with serve() as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = browser.new_page(**PHONE)
        log = PageLog().attach(page)
        page.goto(url)
        print("state:", wait_ready(page), "| status:", page.text_content("#status"))
        print("requests:", *log.requests, sep="\n  ")
        print("failures:", log.failures, "console errors:", log.console_errors)
        print("screenshot:", screenshot(page, "smoke-phone"))
        browser.close()
    os._exit(0)
