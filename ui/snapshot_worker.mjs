/* Makes the memory snapshot a later visit starts from (ui/snapshot.mjs).
 *
 * A module worker, so the page's main thread does none of it: a second
 * Pyodide started with _makeSnapshot (the page's own runtime could not
 * make one: PyScript has handed it JavaScript objects a snapshot cannot
 * hold), app.zip unpacked as PyScript does, every module of ours the page
 * imports at start imported but ui.main and ui.dom (they reach the browser
 * through PyScript), then the whole memory put in Cache Storage under the
 * release's entry, with its length. The runtime's files come from where the page's
 * did (the offline copy, once it serves the page).
 */
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const STDLIB = new URL("../vendor/pyodide/python_stdlib_compiled.zip", import.meta.url).href;
const APP = new URL("../app.zip", import.meta.url).href;
const IMPORTS = "import game\nfrom ui.controller import Controller\n";

onmessage = async ({ data }) => {
  try {
    const start = performance.now();
    const pyodide = await loadPyodide({ _makeSnapshot: true, stdLibURL: STDLIB });
    const app = await fetch(APP);
    if (!app.ok) throw new Error(`app.zip: HTTP ${app.status}`);
    pyodide.unpackArchive(await app.arrayBuffer(), "zip");
    pyodide.runPython(IMPORTS);
    const bytes = pyodide.makeMemorySnapshot();
    await caches.delete(data.cache);  // one snapshot at a time: another release's goes
    const headers = { [data.lengthHeader]: String(bytes.length) };
    await (await caches.open(data.cache)).put(data.entry, new Response(bytes, { headers }));
    postMessage({ bytes: bytes.length, ms: performance.now() - start });
  } catch (error) {
    postMessage({ error: String(error) });
  }
};
