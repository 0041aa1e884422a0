"""Issue 45 in the page: corrupt saves, hostile links and files never stop start-up.

Each corrupt save is read on its own: an unreadable one is set aside under
its tp.bad. key at start, one whose game does not check out when it is
opened; the good game stays listed and playable. Every hostile link gets its
message and the page is ready.
"""

import json

import harness
from game.presets import PRESETS
from pages import QUERY, draw_and_discard, open_new_game, press, reopen, start_game, storage, table
from tests.helpers import pack, payload

DEEP = "[" * 5000 + "]" * 5000


def corrupt_saves(good_text):
    """A save of each kind the issue found, built from a good one: slot -> text."""
    def variant(change):
        copy = json.loads(good_text)
        change(copy["state"])
        return json.dumps(copy)

    rules = dict(PRESETS["triple-play"].to_dict(), seatings=[[4, 2, 10**9]])
    sheet = {"deal": 1, "went_out": None, "sides": "lost", "totals": [0, 0]}
    return {
        "deep": good_text.replace('"log":[', '"log":[' + DEEP + ",", 1),
        "huge": good_text.replace('"seed":', '"seed":' + "9" * 5000 + ',"was":', 1),
        "sheet": variant(lambda s: s.update(deal_results=[sheet])),
        "rules": variant(lambda s: s.update(rules=rules)),
        "robot": variant(lambda s: s["players"][1].update(bot="skynet")),
    }


def test_corrupt_saves_are_set_aside_and_the_good_game_plays(phone_context, base_url):
    page = phone_context.new_page()
    open_new_game(page, base_url, QUERY)
    start_game(page, touch=True)
    draw_and_discard(page)
    good = storage(page)
    slot = next(k for k in good if k.startswith("tp.save."))
    bad = {f"tp.save.{k}": v for k, v in corrupt_saves(good[slot]).items()}
    page.evaluate("bad => Object.entries(bad).forEach(([k, v]) => localStorage.setItem(k, v))", bad)

    reopen(page, base_url + QUERY)  # ready: start-up was not stopped
    error = page.text_content("#games-error")
    assert "nested far too deeply" in error and "number far too large" in error
    assert "tp.bad.deep" in error and "tp.bad.huge" in error
    harness.screenshot(page, "phone-hostile-saves")
    for name in ("sheet", "rules", "robot"):  # readable records: their games are checked on opening
        press(page, f'#slot-{name} [data-role="resume"]', True)
        assert "does not check out" in page.text_content("#games-error")
        assert page.locator(f"#slot-{name}").count() == 0
    after = storage(page)
    assert after[slot] == good[slot]
    for key, text in bad.items():
        assert key not in after and after["tp.bad." + key[len("tp.save."):]] == text
    assert page.locator("#games .slot").count() == 1
    press(page, "#btn-continue", True)
    assert table(page, "to-move") == "0"
    draw_and_discard(page)  # the good game plays on and is saved
    assert storage(page)[slot] != good[slot]


HOSTILE_LINKS = [
    (pack(b'{"v":1,"r":"triple-play","s":' + b"9" * 5000 + b"}"), "number far too large"),
    (pack(dict(payload(), r=dict(PRESETS["triple-play"].to_dict(), seatings=[[4, 2, 10**9]]))),
     "rules are invalid"),
    (pack(('{"v":1,"r":' + DEEP + "}").encode()), "nested far too deeply"),
    (pack(dict(payload(), v=True)), "version"),
    (pack(dict(payload(), p=["ab", "cd", "ef", "gh"])), "malformed"),
    (pack(dict(payload(), p=[["A", "skynet"], ["B", None], ["C", None], ["D", None]])), "bot"),
]


def test_hostile_links_get_a_message_and_the_page_is_ready(phone_context, base_url):
    page = phone_context.new_page()
    for i, (link, words) in enumerate(HOSTILE_LINKS):
        reopen(page, f"{base_url}?delay=0&case={i}#g={link}")
        error = page.text_content("#games-error")
        assert words in error and "Nothing was changed" in error, (words, error)
        assert storage(page) == {}
        if i == 0:
            harness.screenshot(page, "phone-hostile-link")


def test_an_imported_file_nested_5000_deep_is_refused(desktop_context, base_url, tmp_path):
    page = desktop_context.new_page()
    open_new_game(page, base_url, QUERY)
    start_game(page, touch=False)
    press(page, "#btn-menu", False)
    before = storage(page)
    deep = tmp_path / "deep.json"
    deep.write_text('{"format":"triple-play-save","version":1,"log":' + DEEP + "}")
    page.set_input_files("#import-file", str(deep))
    page.wait_for_function("document.documentElement.dataset.imported === 'refused'")
    error = page.text_content("#games-error")
    assert "cannot be imported" in error and "nested far too deeply" in error
    assert storage(page) == before
    harness.screenshot(page, "desktop-hostile-import")
