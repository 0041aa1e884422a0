/* The last table, painted at once when the page reopens to continue a game.
 *
 * Recording: ui/dom.js hands over every region tree it mounts; while the
 * table shows the current game, the trees of the table's regions (and the
 * few data-* attributes the layout reads) are kept under tp.paint, written
 * after the renders settle and when the page is left; with several people
 * at the phone (html[data-private="1"]) only the hand-off screen is kept,
 * never a hand. Painting: on a later
 * visit without a share link, if tp.paint belongs to the game in tp.current,
 * the regions are rebuilt with ui/dom.js's text-only builder before Python
 * starts, inert (html[data-painted], `inert` on the regions) until ui/main.py
 * marks the page ready; ui/main.py then continues that game and its first
 * render patches the painted trees in place (ui/dom.js).
 *
 * localStorage can be altered by the user or another script: the stored
 * trees are JSON, never markup; only known tags and a whitelist of
 * attributes (no on* handlers, style, href or src) pass, the record is
 * bounded in size, and anything else is dropped (and the key removed)
 * without touching the page.
 */
(() => {
  "use strict";
  const KEY = "tp.paint";
  const CURRENT = "tp.current";  // ui/core/saves.py: the slot of the game being played
  const SAVE = "tp.save.";       // ui/core/saves.py: one key per saved game
  const VERSION = 1;
  const MAX_CHARS = 200000;
  const SAVE_AFTER_MS = 400;
  // The table's regions (index.html ids) and the elements whose data-*
  // attributes the layout depends on.
  const REGIONS = ["scores", "status", "recap", "log", "message", "seats", "melds", "piles",
                   "hand-head", "hand", "sheet", "actions", "handoff"];
  const SCREENS = ["table", "sheet", "handoff"];
  // Elements that only hold text and layout: nothing that loads, runs or submits.
  const TAGS = new Set(["a", "abbr", "b", "br", "button", "caption", "code", "dd", "del", "details",
                        "div", "dl", "dt", "em", "fieldset", "figure", "footer", "h2", "h3", "h4",
                        "header", "hr", "i", "kbd", "label", "legend", "li", "mark", "ol", "p", "s",
                        "section", "small", "span", "strong", "sub", "summary", "sup", "table",
                        "tbody", "td", "th", "thead", "tr", "u", "ul"]);
  const ATTRS = new Set(["class", "id", "role", "type", "disabled", "title", "hidden", "scope",
                         "colspan", "rowspan", "open", "lang", "dir", "tabindex"]);
  const PATTERN_ATTRS = /^(data|aria)-[a-z][a-z0-9-]*$/;
  const root = document.documentElement;
  const trees = {};  // region id -> its last mounted trees (already parsed)
  let timer = 0;

  const attrOk = (key, value) => typeof value === "string" && (ATTRS.has(key) || PATTERN_ATTRS.test(key));

  // Plain loops: the check of a crowded table's record is on the way to its
  // paint (with entries and closures it took longer than building it).
  function treeOk(node, depth) {
    if (typeof node === "string") return true;
    if (!Array.isArray(node) || node.length !== 3 || depth > 40) return false;
    const tag = node[0], attrs = node[1], children = node[2];
    if (!TAGS.has(tag) || attrs === null || typeof attrs !== "object" || Array.isArray(attrs)
        || !Array.isArray(children)) return false;
    for (const key of Object.keys(attrs)) if (!attrOk(key, attrs[key])) return false;
    for (let i = 0; i < children.length; i++) if (!treeOk(children[i], depth + 1)) return false;
    return true;
  }

  const dataOk = (attrs) => attrs !== null && typeof attrs === "object"
    && Object.entries(attrs).every(([k, v]) => k.startsWith("data-") && attrOk(k, v));

  function recordOk(rec) {
    return rec !== null && typeof rec === "object" && rec.v === VERSION && typeof rec.slot === "string"
      && rec.regions !== null && typeof rec.regions === "object"
      && Object.entries(rec.regions).every(([id, nodes]) =>
        REGIONS.includes(id) && Array.isArray(nodes) && nodes.every((n) => treeOk(n, 0)))
      && rec.data !== null && typeof rec.data === "object"
      && Object.entries(rec.data).every(([id, attrs]) => ["root", "app", "table"].includes(id) && dataOk(attrs));
  }

  function storage() {
    try {
      return window.localStorage;
    } catch (error) {
      return null;  // storage blocked: nothing is kept, nothing is painted
    }
  }

  // The data-* attributes the layout reads: on <html> only the screen's.
  function dataOf(element, only) {
    const out = {};
    for (const { name, value } of element.attributes) {
      if (name.startsWith("data-") && (!only || only.includes(name))) out[name] = value;
    }
    return out;
  }

  // -- recording ------------------------------------------------------------
  function save() {
    timer = 0;
    delete root.dataset.paintPending;
    const store = storage();
    if (!store || root.dataset.appState !== "ready") return;
    try {
      const slot = store.getItem(CURRENT);
      const app = document.getElementById("app");
      const rec = {
        v: VERSION, slot,
        regions: Object.fromEntries(REGIONS.filter((id) => id in trees).map((id) => [id, trees[id]])),
        data: { root: dataOf(root, ["data-screen", "data-has-saves"]), app: dataOf(app), table: dataOf(document.getElementById("table")) },
      };
      if (root.dataset.private === "1") {  // several people at this phone: the hand-off screen, never a hand
        rec.regions = Object.fromEntries(REGIONS.map((id) => [id, id === "handoff" ? trees[id] || [] : []]));
        rec.data = { root: { "data-screen": "handoff" }, app: { "data-screen": "handoff" }, table: {} };
      }
      const text = JSON.stringify(rec);
      if (slot && SCREENS.includes(app.dataset.screen) && text.length <= MAX_CHARS && recordOk(rec)) {
        store.setItem(KEY, text);
      } else {
        store.removeItem(KEY);  // not at a game's table: the next visit opens as usual
      }
    } catch (error) {
      console.warn("[paint] not kept: " + error);  // e.g. storage full: saves matter more
    }
  }

  function record(id, nodes) {
    trees[id] = nodes;
    if (!timer) {
      timer = setTimeout(save, SAVE_AFTER_MS);
      root.dataset.paintPending = "1";  // for the tests: a write of tp.paint is due
    }
  }
  addEventListener("pagehide", () => {
    if (timer) {
      clearTimeout(timer);
      save();
    }
  });

  // -- painting -------------------------------------------------------------
  function stored(store) {
    const text = store.getItem(KEY);
    if (text === null) return null;
    let rec = null;
    try {
      rec = text.length <= MAX_CHARS ? JSON.parse(text) : null;
    } catch (error) { /* not JSON: dropped below */ }
    if (!recordOk(rec)) {
      store.removeItem(KEY);
      console.warn("[paint] tp.paint was not a valid record: removed");
      return null;
    }
    return rec;
  }

  function paint() {
    const store = storage();
    if (!store || location.hash) return;  // a share link opens its own screen
    const rec = stored(store);
    if (!rec || rec.slot !== store.getItem(CURRENT) || store.getItem(SAVE + rec.slot) === null) return;
    const build = window.TriplePlayDom.build;
    const built = Object.entries(rec.regions).map(([id, nodes]) => {
      const fragment = document.createDocumentFragment();
      for (const node of nodes) fragment.appendChild(build(node));
      return [id, fragment];
    });
    for (const [id, fragment] of built) document.getElementById(id)?.replaceChildren(fragment);
    const targets = { root, app: document.getElementById("app"), table: document.getElementById("table") };
    for (const [id, attrs] of Object.entries(rec.data)) {
      for (const [key, value] of Object.entries(attrs)) targets[id].setAttribute(key, value);
    }
    for (const element of inertRegions()) element.inert = true;
    root.dataset.painted = "1";
  }

  const inertRegions = () => document.querySelectorAll("header.topbar, #app, #actions");

  // Live: ui/main.py marked the page ready, after the first real render.
  function live() {
    for (const element of inertRegions()) element.inert = false;
    delete root.dataset.painted;
  }
  new MutationObserver((_, observer) => {
    if (root.dataset.appState === "loading") return;
    live();
    observer.disconnect();
  }).observe(root, { attributes: true, attributeFilter: ["data-app-state"] });

  try {
    if (root.dataset.appState === "loading") paint();
  } catch (error) {
    console.warn("[paint] not painted: " + error);
    live();
  }
  window.TriplePlayPaint = { record };
  window.TriplePlayBoot?.paintRan();
})();
