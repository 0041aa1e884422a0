"""The rules reference pages the build writes (scripts/rules_pages.py) load
nothing the site lacks: a page without an icon link makes the browser ask
for /favicon.ico, which the site does not have (a 404 in the console)."""

import re
from pathlib import Path

from rules_pages import write_rules_pages

ROOT = Path(__file__).resolve().parent.parent


def test_every_rules_page_links_only_files_of_the_site(tmp_path):
    names = write_rules_pages(ROOT / "docs" / "presets", tmp_path / "rules")
    assert names
    for page in (tmp_path / "rules").glob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert '<link rel="icon"' in text, page.name
        for href in re.findall(r'<link[^>]* href="([^"]+)"', text):
            assert (ROOT / href.removeprefix("../")).is_file(), (page.name, href)
