/* A return visit's runtime, restored from a memory snapshot this phone made.
 *
 * Pyodide can restore its whole memory from a snapshot (loadPyodide's
 * private _loadSnapshot and _makeSnapshot options, Pyodide 314): Python
 * already started, our game/ and ui/ modules and the standard library's
 * start-up modules already imported. The page never downloads one: after a
 * start, when the player has left the page alone for a moment,
 * ui/snapshot_worker.mjs starts a second runtime in a worker (the page's
 * main thread does none of it), imports the modules, and keeps the
 * snapshot in Cache Storage without its pages of zeros (31.5 MB of heap,
 * about 13.5 MB kept: ui/snapshot_pages.mjs; a gzipped copy cost a phone
 * more to unpack than it saved). A later visit reads it back in a worker
 * (ui/snapshot_reader.mjs) that ui/boot.js starts as the page's first
 * script, while the page parses and paints, and ui/start_pyodide.mjs
 * restores the runtime from it.
 *
 * Safe by construction, every failure meaning a normal start:
 * - the snapshot is kept under the key of the release that made it
 *   (<html data-snapshot-key>: scripts/build_site.py hashes the runtime, the
 *   standard library and app.tar); another release finds none, and makes
 *   its own, which replaces it (Pyodide also checks its own build id);
 * - a copy shorter or longer than made, one whose pages do not fit, or one
 *   Pyodide refuses (its magic number, its build id), is dropped; Cache
 *   Storage writes an entry whole or not at all;
 * - a visit that restores marks it in localStorage until the page is ready;
 *   a mark left over (that start never got there) drops the snapshot;
 * - storage that refuses reads or writes only means no snapshot.
 * <html data-snapshot> tells what this visit did: "restored", "none" (no
 * snapshot, or one not to be trusted), "refused" (one failed to restore),
 * then "made" once this visit made one.
 */
import { CACHE, entry } from "./snapshot_pages.mjs";

// localStorage's tp.snapshot: the key of the release whose snapshot is kept
// (ui/boot.js reads it, and starts the read only for its own release), or
// RESTORING from a restore's start until the page is ready.
const MARK = "tp.snapshot";
const RESTORING = "restoring";
// A read (13.5 MB) takes 0.1-1 s on a phone; one that takes longer starts normally.
const READ_MS = 8000;
const QUIET_MS = 3000;  // no tap or key for this long after ready: the page is idle
const root = document.documentElement;

/** <html data-snapshot>: what this visit did with a snapshot. */
export function tell(what) {
  root.dataset.snapshot = what;
}

// MARK's value; null where storage is blocked.
function marked() {
  try {
    return localStorage.getItem(MARK);
  } catch {
    return null;
  }
}

/** Drops every snapshot kept (a release's, a damaged one). */
export async function drop() {
  try {
    localStorage.removeItem(MARK);
    await caches.delete(CACHE);
  } catch { /* storage blocked: nothing kept */ }
}

// The reply of a worker from ui/boot.js's askWorker, or after ``ms``, if
// given, { error, late }; the worker stopped either way.
async function reply({ worker, answer }, ms = 0) {
  let timer = 0;
  const late = new Promise((resolve) => {
    if (ms) timer = setTimeout(() => resolve({ error: `no answer in ${ms / 1000} s`, late: true }), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
    worker.terminate();
  }
}

/** Whether this visit reads a snapshot (ui/boot.js started the read). */
export function reading() {
  return Boolean(window.TriplePlayBoot?.snapshotRead);
}

/** What ui/boot.js's read found: { heap, shape, module, stdlib, app } (this
 * release's snapshot and its layout, null where none is kept; the
 * runtime's wasm compiled, the standard library's and app.tar's bytes,
 * each null where not read), or null (no read, or a snapshot not to be
 * trusted). */
export async function stored() {
  const read = window.TriplePlayBoot?.snapshotRead;
  if (!read) {  // none kept for this release (ui/boot.js read MARK)
    if (marked() === RESTORING) await drop();  // left by a restore that never reached ready
    return null;
  }
  try {
    const { heap, shape, module, stdlib, app, error, late } = await reply(read, READ_MS);
    if (late) {  // a read that hangs must not hold the start: kept for a visit that reads it in time
      console.warn("[snapshot] not used: " + error);
      return null;
    }
    if (error) throw new Error(error);
    if (heap) localStorage.setItem(MARK, RESTORING);
    return { heap, shape, module, stdlib, app };
  } catch (error) {  // damaged, cut, or storage refused
    console.warn("[snapshot] not used: " + error);
    await drop();
    return null;
  }
}

/** After ready: the restore (if any) worked; then make this release's
 * snapshot once the page is idle, if there is none. */
export function whenReady(key, restored) {
  const observer = new MutationObserver(() => {
    if (root.dataset.appState !== "ready") return;
    observer.disconnect();
    if (restored) keptFor(key);
    else makeWhenIdle(key);
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-app-state"] });
}

// Once the offline copy (sw.js) serves the page: the worker's runtime files
// then come from it, never downloaded a second time. Never, where it does not.
async function served() {
  const workers = navigator.serviceWorker;
  if (!workers) return new Promise(() => {});
  await workers.ready;
  if (!workers.controller) await new Promise((resolve) => workers.addEventListener("controllerchange", resolve, { once: true }));
}

async function makeWhenIdle(key) {
  // The browser tests start many pages: a second runtime in each would
  // double their memory (e2e/harness.py sets this; its snapshot tests do not).
  if (!key || window.TriplePlayNoSnapshot || !window.TriplePlayBoot || !("caches" in globalThis)
      || typeof Worker === "undefined") return;
  await served();
  let timer = 0;
  const quiet = () => {
    clearTimeout(timer);
    timer = setTimeout(() => requestIdle(() => make(key).finally(stop)), QUIET_MS);
  };
  const stop = () => {
    clearTimeout(timer);
    removeEventListener("pointerdown", quiet, true);
    removeEventListener("keydown", quiet, true);
  };
  addEventListener("pointerdown", quiet, true);
  addEventListener("keydown", quiet, true);
  quiet();
}

function requestIdle(run) {
  if (window.requestIdleCallback) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 0);
}

// Marks release ``key``'s snapshot as kept (MARK).
function keptFor(key) {
  try { localStorage.setItem(MARK, key); } catch { /* storage blocked: never read */ }
}

async function make(key) {
  try {
    if (await caches.match(entry(key), { cacheName: CACHE })) {
      keptFor(key);
      return;
    }
  } catch {
    return;  // storage refused: no snapshot
  }
  const done = await reply(window.TriplePlayBoot.askWorker(new URL("./snapshot_worker.mjs", import.meta.url), key));
  if (done.error) console.warn("[snapshot] not made: " + done.error);
  else {
    keptFor(key);
    root.dataset.snapshotBytes = done.bytes;
    root.dataset.snapshotMs = Math.round(done.ms);
    tell("made");
  }
}
