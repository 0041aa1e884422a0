"""A new release replaces the offline cache cleanly, and a release that
cannot be stored whole never replaces a working one (sw.js)."""

import shutil

import harness
from build_site import write_service_worker
from pages import precache

CACHES = "caches.keys()"
CONTROLLED = "navigator.serviceWorker.controller?.state === 'activated'"
REGISTRATION = "navigator.serviceWorker.getRegistration().then(r => Boolean(%s))"


# Awaits the promise of EXPRESSION in the page until it is true (wait_for_function
# does not await one), at each of the page's timer turns; false after MS.
AWAIT_TRUE = """async () => {
  const end = Date.now() + MS;
  while (!(await (EXPRESSION))) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}"""


def becomes(page, expression, timeout_s=120):
    """Whether an expression that returns a promise turns true within ``timeout_s``."""
    return page.evaluate(AWAIT_TRUE.replace("EXPRESSION", expression).replace("MS", str(timeout_s * 1000)))


def wait_until(page, expression, timeout_s=120):
    """Wait until an expression that returns a promise is true."""
    assert becomes(page, expression, timeout_s), f"timed out waiting for {expression}"


def release(site, marker):
    """Change one file of the site and write its new sw.js, as a build would."""
    with open(site / "ui" / "style.css", "a") as f:
        f.write(f"/* {marker} */\n")
    (site / "sw.js").unlink()
    write_service_worker(site)
    return precache(site)[0]


def open_page(context, url):
    page = context.new_page()
    page.goto(url + "?delay=0")
    assert harness.wait_ready(page, 60) == "ready", page.text_content("#boot")
    page.wait_for_function(CONTROLLED, timeout=120_000)
    return page


def served_text(page):
    return page.evaluate("fetch('ui/style.css').then(r => r.text())")


def test_a_new_release_replaces_the_cache_and_a_broken_one_does_not(tmp_path, site_dir, chromium):
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    first = precache(site)[0]
    context = chromium.new_context(**harness.PHONE)
    with harness.serve(site) as url:
        page = open_page(context, url)
        assert page.evaluate(CACHES) == [f"triple-play-{first}"]

        # Release 2 installs beside release 1 and waits while a tab uses release 1.
        second = release(site, "release 2")
        page.reload()
        assert harness.wait_ready(page, 60) == "ready"
        wait_until(page, REGISTRATION % "r.waiting")
        assert "release 2" not in served_text(page)
        assert sorted(page.evaluate(CACHES)) == sorted([f"triple-play-{first}", f"triple-play-{second}"])
        # Once that tab is gone, release 2 takes over and release 1's cache goes.
        # The browser lets go of a closed tab in its own time: a tab opened
        # before it has may still get release 1, and release 2 then waits
        # for that one to close in turn.
        page.close()
        for _ in range(5):
            page = open_page(context, url)
            if becomes(page, f"caches.keys().then(k => k.join() === 'triple-play-{second}')", 20):
                break
            page.close()
        else:
            raise AssertionError("release 2 never took over")
        assert served_text(page).endswith("/* release 2 */\n")

        # Release 3 cannot be stored whole (a listed file is missing): it never
        # takes over, and release 2 goes on working.
        release(site, "release 3")
        (site / "icons" / "icon-512.png").unlink()
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update()).catch(() => null)")
        wait_until(page, REGISTRATION % "!r.installing && !r.waiting")
        page.close()
        page = open_page(context, url)
        assert page.evaluate(CACHES) == [f"triple-play-{second}"]
        assert served_text(page).endswith("/* release 2 */\n")
    context.close()
