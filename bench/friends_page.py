#!/usr/bin/env python3
"""Games across phones in the page: the time from opening a turn link to
the table being playable, and what WebCrypto costs, on the phone profile
(CPU 4x slower, 9 Mbit/s, 40 ms: bench.page_load's).

Builds the site into a temp folder and serves it; a host phone and a
friend phone (two browser contexts) set up a game of two friends and two
normal bots. Then, --runs times, the host plays its turn and sends it, and
the friend's phone, already open and ready, opens the link (the tap on a
link in a chat: only the address's fragment changes) under the phone
profile: prints the median time until the table is live on the friend's
turn (target: under 1 s), and for a fresh page load that opens the link
(the page not open) the time to the table live and the part of it after
the page was ready (target: under 1 s). Last, in the friend's page under the phone
profile, the median of --rounds of each WebCrypto step (the key pairs made
once, on a new profile; sign, verify, seal, unseal, lock).

    python3 -m bench.friends_page [--runs 5] [--rounds 20]
"""

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.page_load import emulate_phone
from e2e import harness

SHARE = """navigator.share = async (data) => {
  const sent = JSON.parse(localStorage.getItem('bench.sent') || '[]');
  sent.push(data.url); localStorage.setItem('bench.sent', JSON.stringify(sent)); };"""
SENT = "JSON.parse(localStorage.getItem('bench.sent') || '[]')"
LIVE = """() => document.getElementById('app').dataset.screen === 'table'
  && document.getElementById('table').dataset.yours === '1'"""
CRYPTO = """async (rounds) => {
  const F = window.tpFriends, enc = new TextEncoder();
  const t = async (fn) => { const out = []; for (let i = 0; i < rounds; i++) {
    const t0 = performance.now(); await fn(); out.push(performance.now() - t0); }
    out.sort((a, b) => a - b); return out[Math.floor(out.length / 2)]; };
  const t0 = performance.now(); const [sign, seal] = await F.answer('keys', []);
  const keys = performance.now() - t0;
  const msg = enc.encode('x'.repeat(32)), aad = enc.encode('aad'), plain = new Uint8Array(46);
  const sig = await F.answer('sign', [msg]);
  const blob = await F.answer('seal', [seal, aad, plain]);
  const key = crypto.getRandomValues(new Uint8Array(32));
  return {keys, sign: await t(() => F.answer('sign', [msg])),
          verify: await t(() => F.answer('verify', [sign, msg, sig])),
          seal: await t(() => F.answer('seal', [seal, aad, plain])),
          unseal: await t(() => F.answer('unseal', [seal, aad, blob])),
          lock: await t(() => F.answer('lock', [key, aad, plain]))}; }"""


def sent(page, count):
    page.wait_for_function(f"{SENT}.length >= {count}", timeout=60_000)
    return page.evaluate(SENT)[-1]


def phone(browser):
    context = browser.new_context(**harness.PHONE)
    context.add_init_script(SHARE)
    return context, context.new_page()


def ready(page, url):
    page.goto(url)
    assert harness.wait_ready(page, 120) == "ready", page.text_content("#boot")


def press(page, selector):
    page.locator(selector).first.click()


def turn(page):
    """The person's turn by taps: draw, then discard the first card the engine accepts (or say yes)."""
    if page.locator("#btn-yes").count():
        return press(page, "#btn-yes")
    press(page, "#actions [data-cmd=draw]")
    page.wait_for_function("document.getElementById('table').dataset.phase !== 'draw'")
    if page.get_attribute("#table", "data-phase") != "play":
        return
    if page.locator("#btn-knock").count():
        return press(page, "#btn-knock")
    for i in range(page.locator("#hand .chip").count()):
        page.locator("#hand .chip").nth(i).click()
        press(page, "#btn-discard")
        if page.get_attribute("#table", "data-phase") != "play" or page.get_attribute("#table", "data-yours") != "1":
            return
        press(page, "#btn-clear")
    raise SystemExit("no discard accepted")


def until_send(page):
    for _ in range(8):
        page.wait_for_function("document.getElementById('table').dataset.busy === '0'", timeout=120_000)
        if page.locator("#btn-friend-send").count():
            return
        turn(page)
    raise SystemExit("the bar never offered the link")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        harness.build_site(site)
        with harness.serve(site) as base, sync_playwright() as pw:
            browser = harness.launch_chromium(pw)
            (_, host), (friend_ctx, friend) = phone(browser), phone(browser)
            ready(host, base + "?delay=0")
            for seat, who in ((1, "normal"), (2, "friend"), (3, "normal")):
                host.select_option(f"#setup-bot-{seat}", who)
            press(host, "#btn-start")
            host.wait_for_selector("#btn-invite-2")
            press(host, "#btn-invite-2")
            ready(friend, sent(host, 1))
            press(friend, "#btn-friend-join")
            ready(host, sent(friend, 1))
            host.wait_for_selector("#btn-friend-deal:not([disabled])")
            press(host, "#btn-friend-deal")
            emulate_phone(friend_ctx, friend)
            opened, fresh = [], []
            for run in range(args.runs):
                until_send(host)
                press(host, "#btn-friend-send")
                link = sent(host, run + 2)
                if run % 2:  # a fresh load: the page was not open
                    page = friend_ctx.new_page()
                    emulate_phone(friend_ctx, page)
                    t0 = time.perf_counter()
                    page.goto(link)
                    assert harness.wait_ready(page, 120) == "ready"
                    t1 = time.perf_counter()
                    page.wait_for_function(LIVE, timeout=120_000, polling=16)
                    fresh.append((time.perf_counter() - t0, time.perf_counter() - t1))
                    friend.close()
                    friend = page
                else:
                    t0 = time.perf_counter()
                    friend.evaluate("(url) => { location.href = url; }", link)
                    friend.wait_for_function(LIVE, timeout=120_000, polling=16)
                    opened.append(time.perf_counter() - t0)
                until_send(friend)
                press(friend, "#btn-friend-send")
                host.evaluate("(url) => { location.href = url; }", sent(friend, run + 2))
                host.wait_for_function("document.getElementById('app').dataset.screen === 'table'")
            print(f"turn link opened on a ready page, to the table live: median "
                  f"{statistics.median(opened) * 1000:.0f} ms over {len(opened)} "
                  f"({', '.join(f'{s * 1000:.0f}' for s in opened)}; target under 1000)")
            if fresh:
                print(f"turn link opened by a fresh page load, to the table live: median "
                      f"{statistics.median(f[0] for f in fresh) * 1000:.0f} ms over {len(fresh)}, of it after "
                      f"the page was ready {statistics.median(f[1] for f in fresh) * 1000:.0f} ms "
                      "(target under 1000)")
            fresh_ctx, page = phone(browser)
            ready(page, base)
            emulate_phone(fresh_ctx, page)
            figures = page.evaluate(CRYPTO, args.rounds)
            print("WebCrypto on the phone profile, median ms: " +
                  ", ".join(f"{k} {v:.2f}" for k, v in figures.items()) + " (keys: both pairs, made once)")
            browser.close()


if __name__ == "__main__":
    main()
