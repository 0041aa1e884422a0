/* Makes the memory snapshot a later visit starts from (ui/snapshot.mjs).
 *
 * A module worker named after the release's key (ui/boot.js's askWorker),
 * so the page's main thread does none of it: a second
 * Pyodide started with _makeSnapshot (the page's own runtime could not
 * make one: PyScript has handed it JavaScript objects a snapshot cannot
 * hold), app.tar's files written as the page's are (ui/app_files.mjs),
 * every module of ours the page imports at start imported but ui.main and
 * ui.dom (they reach the browser through PyScript), those it imports at
 * their first use run too (game/later.py: reopening a game runs some of
 * them), and the standard library's start-up modules, then the memory put
 * in Cache Storage under the release's entry (ui/snapshot_pages.mjs: its
 * pages that are not all zeros). The runtime's files come from where the page's did (the offline
 * copy, once it serves the page).
 */
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { fetchApp, unpackApp } from "./app_files.mjs";
import { CACHE, entry, packHeap } from "./snapshot_pages.mjs";

const STDLIB = new URL("../vendor/pyodide/python_stdlib_compiled.zip", import.meta.url).href;
// Ours (those named with later() run too), and every module of the standard
// library the build compiled because a start imports it (PyScript's own
// package imports most of them).
// (JSON's list of strings is Python's too.)
const imports = (compiled) => `
def _imported():
    import importlib
    import game, ui.controller
    from game.later import run_all
    run_all()
    for name in ${JSON.stringify(compiled)}:
        try:
            importlib.import_module(name)
        except Exception:  # a module that needs the page: left to the page
            pass
_imported()
del _imported
`;

// The modules the build's standard library holds as bytecode (the names in
// its zip's directory).
async function compiled() {
  const zip = new Uint8Array(await (await fetch(STDLIB)).arrayBuffer());
  const view = new DataView(zip.buffer);
  const end = zip.length - 22;  // the build writes no zip comment
  if (view.getUint32(end, true) !== 0x06054b50) throw new Error("the standard library's zip has no directory");
  const names = [];
  for (let i = view.getUint16(end + 10, true), at = view.getUint32(end + 16, true); i > 0; i--) {
    const length = view.getUint16(at + 28, true);
    names.push(new TextDecoder().decode(zip.subarray(at + 46, at + 46 + length)));
    at += 46 + length + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return names.filter((name) => name.endsWith(".pyc"))
    .map((name) => name.slice(0, -4).replace(/\/__init__$/, "").replaceAll("/", "."));
}

async function make(key) {
  try {
    const start = performance.now();
    const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL: STDLIB });
    unpackApp(pyodide, await fetchApp());
    pyodide.runPython(imports(await compiled()));
    const bytes = packHeap(pyodide.makeMemorySnapshot());
    await caches.delete(CACHE);  // one snapshot at a time: another release's goes
    await (await caches.open(CACHE)).put(entry(key), new Response(bytes));
    postMessage({ bytes: bytes.length, ms: performance.now() - start });
  } catch (error) {
    postMessage({ error: String(error) });
  }
}

make(self.name);
