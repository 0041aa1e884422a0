"""The one module that touches PyScript: everything else stays plain Python.

PyScript is in maintenance mode; keeping its imports here means a plain
Pyodide loader could replace it by rewriting this file only.

The rest of ui/ describes the page as ``ui.core.html.Node`` trees; ``mount``
sends a region's tree as JSON to ui/dom.js, which builds the elements in one
call (a call across to JavaScript per element costs far more than the
element). Text always goes through text nodes (never innerHTML), so names
and card labels cannot inject markup. Clicks are
delegated: one listener finds the nearest ``[data-cmd]`` button and hands
``(cmd, arg)`` to the controller, so re-rendering never leaks proxies.
"""

import json
from datetime import datetime, timedelta, timezone

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from ui.core.html import Node
from ui.core.saves import StorageFull

_listeners = []  # keep the delegated handlers' proxies alive
_downloads = []  # object URL of the last file offered for download


def _js(value):
    """None for JavaScript null/undefined (Pyodide's JsNull is not None)."""
    if value is None or type(value).__name__ in ("JsNull", "JsUndefined"):
        return None
    return value


def by_id(element_id):
    """The DOM element with this id (or None)."""
    return _js(document.getElementById(element_id))


def set_text(element_id, text):
    by_id(element_id).textContent = text


def set_app_state(state):
    """Set <html data-app-state>: "ready" tells the page and tests we are playable."""
    document.documentElement.dataset.appState = state


def painted():
    """Whether ui/paint.js painted the last table of the current game at start-up."""
    return _js(document.documentElement.getAttribute("data-painted")) is not None


def set_root_data(key, value):
    """Set a data-* attribute on <html> (figures for benchmarks and tests)."""
    document.documentElement.setAttribute("data-" + key, str(value))


def apply_theme(setting):
    """Colours by the ⚙ theme ("system", "light", "dark"): boot.js sets <html data-theme>."""
    boot = _js(getattr(window, "TriplePlayBoot", None))
    if boot is not None:
        boot.applyTheme(setting)


def fail(message):
    """Show a load failure in the boot panel (ui/boot.js) and set state "error"."""
    boot = _js(getattr(window, "TriplePlayBoot", None))
    if boot is not None:
        boot.fail(message)
    else:
        window.console.error(message)
        set_app_state("error")


def console_error(text):
    window.console.error(str(text))


def console_warn(text):
    """Something the page worked around (not an error: tests fail on those)."""
    window.console.warn(str(text))


def query_param(name, default=None):
    """A URL query parameter (``?delay=0``) as a string, or ``default``."""
    value = _js(window.URLSearchParams.new(window.location.search).get(name))
    return default if value is None else str(value)


# -- building the page from ui.core.html trees -------------------------------------
def _element(node):
    """A Node as ui/dom.js reads it, [tag, attributes, children] (the JSON
    encoder calls this for each Node and writes the strings and lists
    itself); attributes None/False are left out, True is an empty value."""
    attrs = {key: "" if value is True else str(value)
             for key, value in node.attrs.items() if value is not None and value is not False}
    return [node.tag, attrs, node.children]


def mount(element_id, nodes):
    """Replace the children of #element_id with these nodes (Node, str or list);
    ui/dom.js leaves an unchanged region alone and patches a changed one."""
    if isinstance(nodes, (Node, str)):
        nodes = [nodes]
    text = json.dumps([n for n in nodes if n is not None], default=_element, separators=(",", ":"))
    window.TriplePlayDom.mount(element_id, text)


def set_attrs(element_id, attrs):
    """Set (or, for None/False, remove) attributes of #element_id."""
    element = by_id(element_id)
    if element is None:
        return
    for key, value in attrs.items():
        if value is None or value is False:
            element.removeAttribute(key)
        else:
            element.setAttribute(key, "" if value is True else str(value))


def focused_id():
    active = _js(document.activeElement)
    return str(active.id) if active is not None and active.id else None


def focus(element_id):
    element = by_id(element_id) if element_id else None
    if element is not None and not element.disabled:
        element.focus()


def form_value(element_id):
    """The value of an <input>/<select>; a checkbox gives True/False."""
    element = by_id(element_id)
    if element is None:
        return None
    if element.type == "checkbox":
        return bool(element.checked)
    return str(element.value)


def on_command(handler):
    """Call handler(cmd, arg) for clicks on enabled elements with data-cmd,
    handler(cmd, value) when a form control with data-change changes, and
    handler(cmd, arg) for the gestures ui/gestures.js sends as "tp-command",
    handler("page-hidden", None) when the page goes to the background while
    several people share the phone (<html data-private>, ui/handoff), and
    handler("fragment", text) when a link changes only the address's fragment
    (a link to this page opened while it is open: no new page load)."""
    def listener(event):
        target = _js(event.target)
        target = _js(target.closest("[data-cmd]")) if target is not None and hasattr(target, "closest") else None
        if target is None or target.disabled:
            return
        event.preventDefault()
        handler(str(target.dataset.cmd), _js(target.getAttribute("data-arg")))

    def changed(event):
        target = _js(event.target)
        if target is not None and target.getAttribute("data-change"):
            handler(str(target.getAttribute("data-change")), str(target.value))

    def gesture(event):  # ui/gestures.js: a long press or a drop on the hand's chips
        detail = event.detail
        handler(str(detail.cmd), _js(detail.arg))

    def visibility(_event):  # the page went to the background: a shared phone hides the hand
        if document.hidden and document.documentElement.getAttribute("data-private") == "1":
            handler("page-hidden", None)

    def fragment(_event):
        text = take_fragment()
        if text:
            handler("fragment", text)

    for kind, fn in (("click", listener), ("change", changed), ("tp-command", gesture),
                     ("visibilitychange", visibility)):
        proxy = create_proxy(fn)
        _listeners.append(proxy)
        document.addEventListener(kind, proxy)
    proxy = create_proxy(fragment)
    _listeners.append(proxy)
    window.addEventListener("hashchange", proxy)


def scroll_to_top():
    window.scrollTo(0, 0)


def _unmark(attr):
    for element in document.querySelectorAll(f"[{attr}]"):
        element.removeAttribute(attr)


def marks(attr, values):
    """Set attribute ``attr`` to each {element id: value} and take it off every
    other element (a region left unchanged by a render keeps its old marks)."""
    _unmark(attr)
    for element_id, value in values.items():
        set_attrs(element_id, {attr: value})


def mark(attr, selector):
    """Set attribute ``attr`` on the first element matching ``selector`` (a CSS
    selector, or None for none) and take it off every other element; the
    marked element is scrolled into view within its own scrolling area."""
    _unmark(attr)
    element = _js(document.querySelector(selector)) if selector else None
    if element is not None:
        element.setAttribute(attr, "")
        element.scrollIntoView(to_js({"block": "nearest", "inline": "nearest"}))


def _in_view(element):
    """Whether ``element`` shows whole within its nearest scrolling box and the window."""
    box = element.getBoundingClientRect()
    area = _js(element.parentElement)
    while area is not None and not (area.scrollHeight > area.clientHeight + 1
                                    and window.getComputedStyle(area).overflowY in ("auto", "scroll")):
        area = _js(area.parentElement)
    edges = [(0, window.innerHeight)]
    if area is not None:
        outer = area.getBoundingClientRect()
        edges.append((outer.top, outer.bottom))
    return box.height > 0 and all(top - 1 <= box.top and box.bottom <= bottom + 1 for top, bottom in edges)


def reveal(selector):
    """Scroll the first element matching ``selector`` into view within its
    scrolling area, unless one of them shows already."""
    elements = list(document.querySelectorAll(selector))
    if elements and not any(_in_view(e) for e in elements):
        elements[0].scrollIntoView(to_js({"block": "nearest", "inline": "nearest"}))


# -- saves, links and files (ui/games/games.py) ---------------------------------------
class LocalStorage:
    """ui.core.saves' storage interface over window.localStorage (strings in, strings out)."""

    def __init__(self):
        self.js = window.localStorage  # raises where the browser blocks storage

    def get(self, key):
        value = _js(self.js.getItem(key))
        return None if value is None else str(value)

    def set(self, key, value):
        try:
            self.js.setItem(key, value)
        except Exception as e:  # a JsException; only its text names the kind
            if "QuotaExceeded" in str(e):
                raise StorageFull(str(e)) from None
            raise

    def remove(self, key):
        self.js.removeItem(key)

    def keys(self):
        return [str(self.js.key(i)) for i in range(self.js.length)]


def storage():
    """localStorage, or None where the browser refuses it (then nothing persists)."""
    try:
        return LocalStorage()
    except Exception:
        return None


def local_now():
    """Now in the browser's time zone (Python in the page runs on UTC)."""
    offset = -int(window.Date.new().getTimezoneOffset())
    return datetime.now(timezone(timedelta(minutes=offset)))


def take_fragment():
    """The URL fragment without '#', removed from the address bar (history.replaceState)."""
    fragment = str(window.location.hash or "")[1:]
    if fragment:
        window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
    return fragment


def early_choice():
    """What a first visit chose before Python was ready (ui/early.js's
    window.TriplePlayEarly) as JSON text, or None where it showed no early screen."""
    early = _js(getattr(window, "TriplePlayEarly", None))
    return None if early is None else str(window.JSON.stringify(early))


def page_url():
    """This page's address without its fragment."""
    return str(window.location.href).split("#")[0]


async def share_url(url, title):
    """Offer a link through the share sheet, else the clipboard: "shared", "copied" or ""."""
    nav = window.navigator
    if _js(getattr(nav, "share", None)) is not None:
        try:
            await nav.share(to_js({"title": title, "url": url}))
            return "shared"
        except Exception:  # cancelled, or refused: fall back to the clipboard
            pass
    try:
        await nav.clipboard.writeText(url)
        return "copied"
    except Exception:
        return ""


async def friends_answer(kind, args):
    """One request of a game across phones answered by ui/friends.js (WebCrypto, this
    phone's keys in IndexedDB): bytes, a bool, a list of bytes ("keys"), or None."""
    answer = _js(await window.tpFriends.answer(kind, to_js([to_js(bytes(a)) for a in args])))
    if answer is None or isinstance(answer, bool):
        return answer
    if kind == "keys":
        return [x.to_bytes() for x in answer]
    return answer.to_bytes()


def draw_qr(element_id, text):
    """The QR code of ``text`` as the image of <img id=element_id> (ui/friends.js)."""
    window.tpFriends.qr(element_id, text)


def download(filename, text):
    """Save text as a JSON file through a temporary <a download>."""
    while _downloads:  # the previous download has long started: free its blob
        window.URL.revokeObjectURL(_downloads.pop())
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    _downloads.append(url)
    link = document.createElement("a")
    link.href, link.download = url, filename
    link.click()


def file_text(element_id):
    """An awaitable of the text of the file chosen in <input type=file id=...>, or None.

    Called at once on "change": the next render replaces the input element.
    """
    element = by_id(element_id)
    if element is None or not element.files.length:
        return None
    return element.files.item(0).text()


def expose(name, fn):
    """window[name] = fn: a debug hook for tests (e.g. the game state as JSON)."""
    proxy = create_proxy(fn)
    _listeners.append(proxy)
    setattr(window, name, proxy)


# -- motion (ui/motion.js) ----------------------------------------------------------
def capture_moves(steps):
    """Record where these steps' cards leave from (call before re-rendering)."""
    window.TriplePlayMotion.capture(json.dumps(steps))


def play_moves(ms):
    """Fly the captured steps to their new places: an awaitable that ends when they land."""
    return window.TriplePlayMotion.play(ms)


def cue(name, sound, vibrate):
    """A short tone and/or buzz for a moment ("turn", "canasta", "out")."""
    window.TriplePlayMotion.cue(name, sound, vibrate)


def scroll_to_end(element_id):
    """Scroll a list to its last line (the newest)."""
    element = by_id(element_id)
    if element is not None:
        element.scrollTop = element.scrollHeight
