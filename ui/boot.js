/* Boot progress and load-failure reporting, running before Python exists.
 *
 * Stages come from PyScript's own events (py:progress, py:ready, py:done);
 * the bar advances as the Pyodide runtime files finish downloading (measured
 * with PerformanceObserver against data-runtime-bytes, written by
 * scripts/build_site.py). Any uncaught error, failed resource, PyScript error
 * banner or a 60 s stall loads the page once more (not again if that load
 * fails too: then <html data-app-state="error"> shows why, with "Try again").
 * ui/main.py sets data-app-state="ready"; the overlay then hides (CSS) and
 * the service worker (sw.js) is registered for offline play.
 */
(() => {
  "use strict";
  const root = document.documentElement;
  const STALL_MS = 60000;
  const runtimeBytes = Number(root.dataset.runtimeBytes) || 0;
  const STAGES = {
    "Loading Pyodide": ["Loading Python runtime…", 10],
    "Loaded Pyodide": ["Python runtime loaded", 80],
  };
  // error: every failure message so far, kept in view because a failure
  // can come before the page's elements exist (a preload in <head>).
  let view = { stage: "Loading Python runtime…", pct: 2, detail: "", error: "" };
  let downloaded = 0;
  let stallTimer = 0;

  // The colour scheme, before the first paint: the ⚙ setting stored in
  // tp.settings ("light", "dark"; anything else follows the system), as
  // <html data-theme>, with the browser bar's colour to match.
  const THEMES = ["system", "light", "dark"];
  const BAR = { light: "#164f32", dark: "#0b1f15" };
  const systemDark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  let themeSetting = "system";

  function storedTheme() {
    try {
      const theme = JSON.parse(window.localStorage.getItem("tp.settings") || "{}").theme;
      return THEMES.includes(theme) ? theme : "system";
    } catch (e) {
      return "system"; // storage blocked or not JSON: the system's scheme
    }
  }

  function applyTheme(setting) {
    themeSetting = THEMES.includes(setting) ? setting : "system";
    const dark = themeSetting === "system" ? !!(systemDark && systemDark.matches) : themeSetting === "dark";
    root.dataset.theme = dark ? "dark" : "light";
    const bar = document.querySelector('meta[name="theme-color"]');
    if (bar) bar.content = BAR[root.dataset.theme];
  }

  applyTheme(storedTheme());
  if (systemDark) systemDark.addEventListener("change", () => applyTheme(themeSetting));

  // packed: the visit reads the packed copies of the wasm and app.tar
  // (ui/start_pyodide.mjs asks), as the offline copy (sw.js), which keeps
  // them unpacked, does not serve it.
  const packed = !(navigator.serviceWorker && navigator.serviceWorker.controller);

  // A module worker for release ``key`` (its name, which it starts from):
  // { worker, answer } (a promise of its one reply, or of { error }).
  function askWorker(url, key) {
    const worker = new Worker(url, { type: "module", name: key });
    const answer = new Promise((resolve) => {
      worker.onmessage = ({ data }) => resolve(data);
      worker.onerror = (event) => resolve({ error: event.message || `${url} failed` });
    });
    return { worker, answer };
  }

  // A return visit's runtime snapshot (ui/snapshot.mjs), read from here on
  // in a worker (ui/snapshot_reader.mjs) while the page parses and paints,
  // which also compiles the runtime's wasm from the offline copy: on the
  // main thread, taking in the wasm's 9.6 MB and its compiled code would
  // cost it more than the restore. Only where localStorage's tp.snapshot
  // says this release's is kept. snapshotRead: askWorker's { worker, answer }.
  function readSnapshot() {
    const key = root.dataset.snapshotKey;
    try {
      if (!key || localStorage.getItem("tp.snapshot") !== key || typeof Worker === "undefined") return null;
      return askWorker("./ui/snapshot_reader.mjs", key);
    } catch (error) {
      return null; // storage blocked, or no module workers: a normal start
    }
  }
  const snapshotRead = packed ? null : readSnapshot();

  // On a visit that paints the last table (ui/paint.js, from tp.paint),
  // afterPaint resolves once paint.js has run (it calls paintRan) or failed
  // to (DOMContentLoaded) and a frame has followed; at once otherwise. The
  // runtime's start waits for it (ui/start_pyodide.mjs).
  let painting = false;
  try {
    painting = localStorage.getItem("tp.paint") !== null;
  } catch (error) { /* storage blocked: no paint */ }
  let paintRan = () => {};
  const afterPaint = !painting ? Promise.resolve() : new Promise((resolve) => {
    paintRan = () => requestAnimationFrame(() => setTimeout(resolve));  // a second call changes nothing
    document.addEventListener("DOMContentLoaded", paintRan, { once: true });
  });

  function preload(href, as) {
    const link = document.createElement("link");
    link.rel = as === "module" ? "modulepreload" : "preload";
    if (as !== "module") link.as = as;
    link.href = href;
    if (as === "fetch") link.crossOrigin = "anonymous";
    document.head.append(link);
  }

  // What PyScript and Pyodide load one after another as they start (their
  // modules, the config, the lock file, ui/main.py), as [as, href] pairs
  // ("module": a modulepreload) that scripts/build_site.py writes
  // (start_up_preloads): preloaded, they download together. On a visit
  // that paints, after the paint: each response takes the main thread a
  // few ms, and a dozen of them held the page's parse back (bench/LOG.md).
  const START_UP = [/* start-up preloads */];
  const preloadStartUp = () => {
    for (const [as, href] of START_UP) preload(href, as);
  };
  if (painting) afterPaint.then(preloadStartUp);
  else preloadStartUp();

  // What the runtime's start reads: the wasm, the standard library and the
  // game's files (app.tar). Served by the offline copy, they are read
  // unpacked from there, and where the snapshot's reader runs it reads them
  // (their bodies then come in on its thread, not the page's); otherwise
  // their packed copies and the decoder are fetched, which
  // ui/start_pyodide.mjs and ui/app_files.mjs unpack
  // (scripts/build_site.py: PACKED_WASM, PACKED_APP).
  if (packed) {
    preload("./vendor/pyodide/pyodide.asm.wasm.xz", "fetch");
    preload("./vendor/xz/xz-decompress.min.js", "script");
    preload("./app.tar.xz", "fetch");
  } else if (!snapshotRead) {
    preload("./vendor/pyodide/pyodide.asm.wasm", "fetch");
    preload("./app.tar", "fetch");
  }
  if (!snapshotRead) preload("./vendor/pyodide/python_stdlib_compiled.zip", "fetch");

  const $ = (id) => document.getElementById(id);
  const loading = () => root.dataset.appState === "loading";

  function render() {
    // #boot-error is the panel's last element: the parser may stop between any
    // two of them, and DOMContentLoaded renders once all are there.
    if (!$("boot-error")) return;
    $("boot-stage").textContent = view.stage;
    $("boot-progress").value = view.pct;
    $("boot-detail").textContent = view.detail;
    $("boot-error").hidden = !view.error;
    $("boot-error").textContent = view.error;
  }

  function progress(stage, pct, detail) {
    if (!loading()) return;
    view = {
      stage: stage || view.stage,
      pct: Math.max(view.pct, pct || 0),
      detail: detail === undefined ? view.detail : detail,
    };
    render();
    armStallTimer();
  }

  function armStallTimer() {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(
      () => fail(`Loading stalled: no progress for ${STALL_MS / 1000} s (at "${view.stage}").`),
      STALL_MS,
    );
  }

  // A start-up that fails (most often a download dropped by a phone's
  // network; a failed preload is final, the browser reuses its failure)
  // reloads once by itself. The flag, in this tab's sessionStorage and
  // cleared once the page is ready, stops a second reload.
  const RETRIED = "tp.boot.retried";
  let reloading = false;
  function retryOnce(message) {
    if (reloading) return true; // later failures of the page being left
    try {
      if (sessionStorage.getItem(RETRIED)) return false;
      sessionStorage.setItem(RETRIED, "1");
    } catch (error) {
      return false; // no storage: no way to stop a loop, so no retry
    }
    console.warn("[boot] start-up failed, loading again: " + message);
    reloading = true;
    location.reload();
    return true;
  }

  function fail(message) {
    message = String(message).trim() || "An error without a message.";
    if (loading() && retryOnce(message)) return;
    console.error("[boot] " + message);
    clearTimeout(stallTimer);
    root.dataset.appState = "error";
    view.stage = "Could not start the game";
    view.error = view.error ? view.error + "\n" + message : message;
    render();
  }

  // Downloads: one entry per finished resource (cache hits included).
  if ("PerformanceObserver" in window) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.name.includes("/vendor/pyodide/")) continue;
        downloaded += entry.decodedBodySize || entry.encodedBodySize || 0;
        if (!runtimeBytes) continue;
        const share = Math.min(1, downloaded / runtimeBytes);
        const mb = (n) => (n / 1e6).toFixed(1);
        progress(null, 10 + 68 * share, `${mb(downloaded)} of ${mb(runtimeBytes)} MB`);
      }
    }).observe({ type: "resource", buffered: true });
  }

  // PyScript's other steps ("Loading Storage", ...) name its own parts: the
  // player reads that the game is being set up, not those names.
  addEventListener("py:progress", (event) => {
    const [stage, pct] = STAGES[event.detail] || [null, 0];
    progress(stage, pct, stage ? undefined : "Setting up the game…");
  });
  // Capture phase: these are dispatched on the <script type="py"> element.
  document.addEventListener("py:ready", () => progress("Starting game engine…", 92, ""), true);
  document.addEventListener("py:done", () => {
    if (loading()) fail("ui/main.py finished without marking the page ready.");
  }, true);

  // Failures. Capture on window also sees failed <script>/<link> loads.
  addEventListener("error", (event) => {
    const el = event.target;
    if (el && el !== window && (el.src || el.href)) {
      fail(`Failed to load ${el.src || el.href}`);
    } else {
      fail(event.message || String(event.error));
    }
  }, true);
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    fail(reason && reason.stack ? reason.stack : String(reason));
  });

  function watchDom() {
    // PyScript reports Python errors as div.py-error (a body banner, or in
    // the <script-py> output element of the failing script).
    new MutationObserver((records) => {
      for (const rec of records) {
        for (const node of rec.addedNodes) {
          if (node.nodeType === 1 && node.matches(".py-error")) fail(node.textContent);
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
    // ui/main.py flips the state: stop the stall timer, fill the bar, and
    // only then let the offline cache download (it must not slow the boot).
    new MutationObserver((_, observer) => {
      if (root.dataset.appState === "ready") {
        clearTimeout(stallTimer);
        try {
          sessionStorage.removeItem(RETRIED);
        } catch (error) { /* no storage, no flag */ }
        view = { stage: "Ready", pct: 100, detail: "", error: "" };
        render();
        registerServiceWorker();
        observer.disconnect();
      }
    }).observe(root, { attributes: true, attributeFilter: ["data-app-state"] });
    // "Try again" loads the page again; saved games live in storage, never
    // lost by it.
    $("boot-retry").addEventListener("click", () => location.reload());
    render();
  }
  document.addEventListener("DOMContentLoaded", watchDom);

  // Offline play (sw.js, generated by scripts/build_site.py). Optional: a page
  // opened from a file, or a browser without service workers, just plays online.
  function registerServiceWorker() {
    if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
    navigator.serviceWorker.register("./sw.js").catch((error) => {
      console.warn("[boot] no offline copy: " + error);
    });
  }

  window.TriplePlayBoot = {
    fail, applyTheme, packed, askWorker, snapshotRead, afterPaint, paintRan,
  };
  armStallTimer();
})();
