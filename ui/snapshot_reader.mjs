/* Reads the kept snapshot back for ui/snapshot.mjs, off the page's main thread.
 *
 * A module worker, which ui/boot.js starts as the page's first script, named
 * after the release's key: it starts at once, with no message to wait for
 * (a message reaches a starting worker only once the page's busy main
 * thread passes it on). Cache Storage's read (13 MB, in chunks) would
 * otherwise queue behind, and hold up, everything else a start does on the
 * main thread (bench/LOG.md, 7 December); its bytes come back transferred,
 * not copied, their layout checked (ui/snapshot_pages.mjs). The runtime's
 * wasm is compiled here meanwhile, for the same reason; the page gets the
 * compiled module. Answers { heap, module } (heap null: none kept; module
 * null: the page compiles the wasm itself) or { error }.
 */
import { CACHE, entry, layout } from "./snapshot_pages.mjs";

const WASM = new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url).href;

async function read(key) {
  const compiled = WebAssembly.compileStreaming(fetch(WASM)).catch(() => null);
  try {
    const hit = await caches.match(entry(key), { cacheName: CACHE });  // opens none that is not there
    if (!hit) {
      postMessage({ heap: null });
      return;
    }
    const heap = new Uint8Array(await hit.arrayBuffer());
    layout(heap);
    postMessage({ heap, module: await compiled }, [heap.buffer]);
  } catch (error) {
    postMessage({ error: String(error) });
  }
}

read(self.name);
